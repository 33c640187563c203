import { z } from 'zod';

/**
 * What a player saves before playing, to check rounds against later (docs/casino-fairness.md,
 * "Checking rounds"): the game page offers it as text to copy and as a file. A verifier that is
 * given it checks a round against what the site showed *then*, not against the site's record of
 * today, which a site could have rewritten together with its hashes.
 */
const hash = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hash is 64 hex characters');

export const savedSeedsSchema = z.object({
  /** The active server seed's hash and the next one's, as shown. */
  server_seed_hash: hash,
  next_server_seed_hash: hash,
  client_seed: z.string(),
  nonce: z.number().int().min(0),
});

export const savedChainSchema = z.object({
  id: z.number().int(),
  terminating_hash: hash,
  length: z.number().int(),
  salt_source: z.enum(['drand', 'self']),
  /** A self-drawn salt's SHA-256; null for a drand chain. */
  salt_hash: hash.nullable(),
  /** The drand round announced with the chain (quicknet, by its chain hash). */
  beacon: z.object({ network: z.string(), chain_hash: hash, round: z.number().int().min(1) }).nullable(),
  starts_at: z.string(),
});

export const fairCommitmentSchema = z.object({
  kind: z.literal('fair-commitment'),
  version: z.literal(1),
  /** The site it was saved from (its origin). */
  site: z.string(),
  saved_at: z.string(),
  /** Our game's code, or a live table's. */
  game: z.string(),
  /** A per-player game's seeds. */
  seeds: savedSeedsSchema.optional(),
  /** Crash's or a live table's chains: the one in play and those queued, as shown. */
  chains: z.array(savedChainSchema).optional(),
});
export type FairCommitment = z.infer<typeof fairCommitmentSchema>;
export type SavedChain = z.infer<typeof savedChainSchema>;

/** The file name a saved commitment gets. */
export function commitmentFileName(commitment: Pick<FairCommitment, 'game' | 'saved_at'>): string {
  return `fair-commitment-${commitment.game}-${commitment.saved_at.replace(/[:.]/g, '-')}.json`;
}

interface SeedsShown {
  server_seed_hash: string;
  next_server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

interface ChainShown {
  id: number;
  terminating_hash: string;
  length: number;
  salt_source: 'drand' | 'self';
  salt_hash: string | null;
  beacon: { network: string; chain_hash: string; round: number } | null;
  starts_at: string;
  status: 'queued' | 'playing' | 'used';
}

/** A per-player game's commitment: the seeds as the page shows them now. */
export function seedsCommitment(site: string, game: string, savedAt: Date, seeds: SeedsShown): FairCommitment {
  const { server_seed_hash, next_server_seed_hash, client_seed, nonce } = seeds;
  return {
    kind: 'fair-commitment',
    version: 1,
    site,
    saved_at: savedAt.toISOString(),
    game,
    seeds: { server_seed_hash, next_server_seed_hash, client_seed, nonce },
  };
}

/** A shared-round game's commitment: its chains in play and queued, as published now (played-out ones add nothing). */
export function chainsCommitment(site: string, game: string, savedAt: Date, chains: readonly ChainShown[]): FairCommitment {
  return {
    kind: 'fair-commitment',
    version: 1,
    site,
    saved_at: savedAt.toISOString(),
    game,
    chains: chains
      .filter((chain) => chain.status !== 'used')
      .map((chain) => ({
        id: chain.id,
        terminating_hash: chain.terminating_hash,
        length: chain.length,
        salt_source: chain.salt_source,
        salt_hash: chain.salt_hash,
        beacon: chain.beacon && { network: chain.beacon.network, chain_hash: chain.beacon.chain_hash, round: chain.beacon.round },
        starts_at: chain.starts_at,
      })),
  };
}

/** Reads a saved commitment from its text (what the page copied or the file it saved); undefined when it is not one. */
export function parseCommitment(text: string): FairCommitment | undefined {
  try {
    const parsed = fairCommitmentSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
