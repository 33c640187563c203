import { type BeaconRound, QUICKNET } from '@app/shared';
import { verifyQuicknetRound } from '@app/shared/drand-verify';

/** How long one relay may take to answer before the next is tried. */
const RELAY_TIMEOUT_MS = 5_000;

export interface BeaconSource {
  /** The relays asked, in order (none: beacon rounds are only ever supplied by hand). */
  readonly relays: readonly string[];
  /**
   * Round `round` of drand quicknet, checked against quicknet's public key before it is answered;
   * undefined when no relay had it (not out yet, or none reachable). A relay that answers a round
   * that does not verify is skipped: what it says is never trusted.
   */
  fetchRound(round: number): Promise<{ round: number; signature: string; randomness: string } | undefined>;
}

/**
 * drand's HTTP relays (`GET {relay}/{chain hash}/public/{round}`), any of which serves the same
 * signed rounds; the signature, not the relay, is what we trust (docs/casino-fairness.md, "A salt
 * nobody chooses").
 */
export function createDrandRelay(relays: readonly string[], fetchImpl: typeof fetch = fetch): BeaconSource {
  return {
    relays,
    async fetchRound(round) {
      for (const relay of relays) {
        try {
          const response = await fetchImpl(`${relay.replace(/\/+$/, '')}/${QUICKNET.chainHash}/public/${round}`, {
            signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
            headers: { accept: 'application/json' },
          });
          if (!response.ok) continue;
          const body = (await response.json()) as Partial<BeaconRound>;
          if (body.round !== round || typeof body.signature !== 'string') continue;
          const check = verifyQuicknetRound({ round, signature: body.signature });
          if (check.isValid) return { round, signature: check.signature, randomness: check.randomness };
        } catch {
          // Unreachable, too slow, or not JSON: the next relay.
        }
      }
      return undefined;
    },
  };
}
