import type { CrashChainView } from '@app/shared';
import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomHex, sha256Hex } from '../../lib/ids';
import * as repo from './crash-chain.repository';

/** Longest chain one command makes: ten million rounds (about three years of rounds back to back). */
export const CRASH_CHAIN_MAX_LENGTH = 10_000_000;
/** A hash is stored every this many positions: a round's hash is this many hashes away at most. */
export const CRASH_CHAIN_CHECKPOINT_EVERY = 1_000;
/** The demo install's chain (docs/casino-fairness.md, Crash). */
export const DEMO_CRASH_CHAIN_LENGTH = 100_000;

export type { ChainRow } from './crash-chain.repository';

/**
 * A hash chain of `length` rounds: a random secret at position `length`, each position below it
 * the SHA-256 (hex of the UTF-8 text) of the one above, down to the terminating hash at 0.
 */
export function buildChain(length: number): {
  seed: string;
  terminatingHash: string;
  checkpoints: { position: number; hash: string }[];
} {
  const seed = randomHex(32);
  const checkpoints = [{ position: length, hash: seed }];
  let hash = seed;
  for (let position = length - 1; position >= 0; position -= 1) {
    hash = sha256Hex(hash);
    if (position > 0 && position % CRASH_CHAIN_CHECKPOINT_EVERY === 0) checkpoints.push({ position, hash });
  }
  return { seed, terminatingHash: hash, checkpoints };
}

function chainView(chain: repo.ChainRow, played: number): CrashChainView {
  return {
    id: chain.id,
    length: chain.length,
    terminating_hash: chain.terminating_hash,
    salt_hash: chain.salt_hash,
    salt: chain.started_at === null ? null : chain.salt,
    published_at: new Date(chain.created_at).toISOString(),
    status: played >= chain.length ? 'used' : played > 0 ? 'playing' : 'queued',
    rounds_played: played,
    first_round_number: chain.first_round_number,
  };
}

/**
 * Crash's published round chains (docs/casino-fairness.md, Crash): chains play one after another
 * in the order they were published, each from position 1 up to its length, so every outcome is
 * fixed once its chain is published.
 */
export function createCrashChains(db: Db, clock: Clock) {
  // Chains never change but for their start, which the round views do not show: cache them.
  const cache = new Map<number, repo.ChainRow>();

  async function chain(chainId: number): Promise<repo.ChainRow> {
    const cached = cache.get(chainId);
    if (cached) return cached;
    const row = await repo.findChain(db, chainId);
    if (!row) throw new Error(`Crash chain ${chainId} is missing`);
    cache.set(chainId, row);
    return row;
  }

  return {
    chain,

    /** Draws the salt, then the chain; stores both. The terminating hash and the salt's hash are public at once. */
    async create(length: number): Promise<CrashChainView> {
      if (!Number.isInteger(length) || length < 1 || length > CRASH_CHAIN_MAX_LENGTH) {
        throw new AppError('BAD_REQUEST', `A chain has from 1 to ${CRASH_CHAIN_MAX_LENGTH} rounds`);
      }
      const salt = randomHex(32);
      const built = buildChain(length);
      const id = await writeTransaction(db, async (trx) => {
        const chainId = await repo.insertChain(trx, {
          length,
          terminating_hash: built.terminatingHash,
          chain_seed: built.seed,
          salt,
          salt_hash: sha256Hex(salt),
          created_at: clock.now(),
        });
        await repo.insertCheckpoints(trx, chainId, built.checkpoints);
        return chainId;
      });
      return chainView(await chain(id), 0);
    },

    /** Where the round after `latest` comes from: the next position, or the next published chain. */
    async nextPosition(latest: { chain_id: number | null; chain_position: number | null } | undefined) {
      if (latest?.chain_id != null && latest.chain_position != null) {
        const current = await chain(Number(latest.chain_id));
        if (Number(latest.chain_position) < current.length) {
          return { chain: current, position: Number(latest.chain_position) + 1 };
        }
      }
      const next = await repo.firstChainAfter(db, latest?.chain_id == null ? 0 : Number(latest.chain_id));
      if (!next) return undefined;
      cache.set(next.id, next);
      return { chain: next, position: 1 };
    },

    /** The hash at `position`: from the nearest stored hash above it, hashed down. */
    async hashAt(current: repo.ChainRow, position: number): Promise<string> {
      const checkpoint = await repo.checkpointAtOrAbove(db, current.id, position);
      if (!checkpoint) throw new Error(`Crash chain ${current.id} has no hash above position ${position}`);
      let hash = checkpoint.hash;
      for (let at = checkpoint.position; at > position; at -= 1) hash = sha256Hex(hash);
      return hash;
    },

    markStarted: (chainId: number, roundNumber: number) => repo.markChainStarted(db, chainId, roundNumber, clock.now()),

    async list(limit = 20): Promise<CrashChainView[]> {
      const chains = await repo.listChains(db, limit);
      const played = await repo.playedPositions(
        db,
        chains.map((row) => row.id),
      );
      return chains.map((row) => chainView(row, played.get(row.id) ?? 0));
    },
  };
}

export type CrashChains = ReturnType<typeof createCrashChains>;
