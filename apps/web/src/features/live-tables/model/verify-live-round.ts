import { fairFloatsAsync, isLiveTableCode, liveFloatCount, type LiveRoundView, liveTable, resolveLiveRound } from '@app/shared';

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const value = globalThis.crypto?.subtle;
  // WebCrypto exists only in secure contexts (https or localhost).
  if (!value) throw new Error('WEBCRYPTO_UNAVAILABLE');
  return value;
}

async function hmacSha256(key: string, message: string): Promise<Uint8Array> {
  const cryptoKey = await subtle().importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', cryptoKey, encoder.encode(message)));
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface LiveVerification {
  /** SHA-256 of the revealed seed equals the hash shown while bets were open. */
  isHashMatched: boolean;
  /** The seed hashed down its chain gives the chain's terminating hash (null: a round from before chains). */
  isChainMatched: boolean | null;
  /** The chain's salt is its drand round's randomness, the round's signature valid (null: no drand salt). */
  isBeaconValid: boolean | null;
  /** The outcome and winning spots recomputed in this browser equal the table's. */
  isOutcomeMatched: boolean;
  outcome: unknown;
  winningSpots: string[];
}

/**
 * Checks a live round in the browser, with the same maths as the server (docs/casino-fairness.md,
 * "Live tables"): the seed against its commitment, then the draw from seed, table and round number.
 */
export async function verifyLiveRound(round: LiveRoundView): Promise<LiveVerification | null> {
  if (round.server_seed === null || !isLiveTableCode(round.table)) return null;
  const table = liveTable(round.table);
  const floats = await fairFloatsAsync(
    hmacSha256,
    { serverSeed: round.server_seed, clientSeed: round.client_seed, nonce: round.nonce },
    liveFloatCount(table),
  );
  const { outcome, multipliers } = resolveLiveRound(table, floats);
  const winningSpots = Object.keys(multipliers).filter((spot) => (multipliers[spot] ?? 0) > 0);
  let isChainMatched: boolean | null = null;
  let isBeaconValid: boolean | null = null;
  if (round.chain) {
    let hash = round.server_seed;
    for (let step = 0; step < round.chain.position; step += 1) hash = await sha256Hex(hash);
    isChainMatched = hash === round.chain.terminating_hash && round.client_seed === round.chain.salt;
    const beacon = round.chain.beacon;
    if (beacon?.signature) {
      // The BLS code loads only now, when a player checks such a round.
      const { beaconRandomness, verifyQuicknetRound } = await import('@app/shared/drand-verify');
      isBeaconValid =
        verifyQuicknetRound({ round: beacon.round, signature: beacon.signature }).isValid &&
        beaconRandomness(beacon.signature) === round.chain.salt;
    }
  }
  return {
    isChainMatched,
    isBeaconValid,
    isHashMatched: (await sha256Hex(round.server_seed)) === round.server_seed_hash,
    isOutcomeMatched:
      JSON.stringify(outcome) === JSON.stringify(round.outcome) &&
      JSON.stringify(winningSpots) === JSON.stringify(round.winning_spots),
    outcome,
    winningSpots,
  };
}
