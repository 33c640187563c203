import { parseCommitment, type SavedChain } from '@app/shared';

/**
 * What the player saved before playing, as they give it to the verifier (docs/casino-fairness.md,
 * "Checking rounds"): nothing, one hash they wrote down, or the commitment the game page saved.
 */
export type SavedInput =
  | { kind: 'none' }
  | { kind: 'hash'; hash: string }
  | { kind: 'commitment'; seedHashes: string[]; chains: SavedChain[]; savedAt: string }
  | { kind: 'invalid' };

export function readSavedInput(text: string): SavedInput {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'none' };
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return { kind: 'hash', hash: trimmed.toLowerCase() };
  const commitment = parseCommitment(trimmed);
  if (!commitment) return { kind: 'invalid' };
  return {
    kind: 'commitment',
    seedHashes: commitment.seeds ? [commitment.seeds.server_seed_hash, commitment.seeds.next_server_seed_hash] : [],
    chains: commitment.chains ?? [],
    savedAt: commitment.saved_at,
  };
}

/** Whether a revealed server seed's hash is one the player saved; null when they saved none. */
export function matchesSavedSeed(saved: SavedInput, seedHash: string): boolean | null {
  if (saved.kind === 'hash') return saved.hash === seedHash;
  if (saved.kind === 'commitment' && saved.seedHashes.length > 0) return saved.seedHashes.includes(seedHash);
  return null;
}

/**
 * The saved chain a round's chain is, by its terminating hash: `match` with what was saved of it
 * (its beacon round), `other` when the player saved chains and this is none of them, null when
 * they saved none.
 */
export function matchSavedChain(
  saved: SavedInput,
  terminatingHash: string,
): { kind: 'match'; beaconRound: number | null } | { kind: 'other' } | null {
  if (saved.kind === 'hash') return saved.hash === terminatingHash ? { kind: 'match', beaconRound: null } : { kind: 'other' };
  if (saved.kind !== 'commitment' || saved.chains.length === 0) return null;
  const chain = saved.chains.find((entry) => entry.terminating_hash === terminatingHash);
  return chain ? { kind: 'match', beaconRound: chain.beacon?.round ?? null } : { kind: 'other' };
}
