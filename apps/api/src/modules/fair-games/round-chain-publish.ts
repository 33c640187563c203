import { setImmediate as nextTurn } from 'node:timers/promises';
import { quicknetRoundFrom, type RoundChainView } from '@app/shared';
import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomHex, sha256Hex } from '../../lib/ids';
import * as repo from './round-chain.repository';
import { chainView } from './round-chain-views';

/** Longest chain one command makes: ten million rounds (about three years of Crash rounds back to back). */
export const ROUND_CHAIN_MAX_LENGTH = 10_000_000;
/** A hash is stored every this many positions: a round's hash is this many hashes away at most. */
export const ROUND_CHAIN_CHECKPOINT_EVERY = 1_000;

export type SaltSource = 'drand' | 'self';

/** Hashes between two turns of the event loop while a chain is built (about 10 ms of SHA-256). */
const HASHES_PER_TURN = 10_000;

/**
 * A hash chain of `length` rounds: a random secret at position `length`, each position below it
 * the SHA-256 (hex of the UTF-8 text) of the one above, down to the terminating hash at 0. Built a
 * slice at a time, so an instance building a chain of millions of rounds keeps answering meanwhile.
 */
export async function buildChain(length: number): Promise<{
  seed: string;
  terminatingHash: string;
  checkpoints: { position: number; hash: string }[];
}> {
  const seed = randomHex(32);
  const checkpoints = [{ position: length, hash: seed }];
  let hash = seed;
  for (let position = length - 1; position >= 0; position -= 1) {
    hash = sha256Hex(hash);
    if (position > 0 && position % ROUND_CHAIN_CHECKPOINT_EVERY === 0) checkpoints.push({ position, hash });
    if (position % HASHES_PER_TURN === 0) await nextTurn();
  }
  return { seed, terminatingHash: hash, checkpoints };
}

export interface ChainInput {
  gameCode: string;
  length: number;
  salt: SaltSource;
  noticeMs?: number;
}

/** Publishing a game's chains (docs/casino-fairness.md, "Published chains"). */
export function createChainPublisher(
  db: Db,
  clock: Clock,
  defaultNoticeMs: number,
  chain: (chainId: number) => Promise<repo.ChainRow>,
) {
  /**
   * Builds and publishes a chain; with `after`, only while that is still the game's newest chain
   * (null otherwise: another instance's renewal came first). Its publication time and start are
   * taken once it is built, so a long build never shortens the notice.
   */
  async function publish(input: ChainInput, after?: number): Promise<RoundChainView | null> {
    const { gameCode, length } = input;
    if (!Number.isInteger(length) || length < 1 || length > ROUND_CHAIN_MAX_LENGTH) {
      throw new AppError('BAD_REQUEST', `A chain has from 1 to ${ROUND_CHAIN_MAX_LENGTH} rounds`);
    }
    const noticeMs = input.noticeMs ?? defaultNoticeMs;
    if (!Number.isInteger(noticeMs) || noticeMs < 0)
      throw new AppError('BAD_REQUEST', 'The notice is a whole number of ms, 0 or more');
    const salt = input.salt === 'self' ? randomHex(32) : null;
    const built = await buildChain(length);
    const publishedAt = clock.now();
    const startsAt = publishedAt + noticeMs;
    const id = await writeTransaction(db, async (trx) => {
      if (after !== undefined && (await repo.listChains(trx, gameCode, 1))[0]?.id !== after) return null;
      const chainId = await repo.insertChain(trx, {
        game_code: gameCode,
        length,
        terminating_hash: built.terminatingHash,
        chain_seed: built.seed,
        salt_source: input.salt,
        salt,
        salt_hash: salt === null ? null : sha256Hex(salt),
        beacon_round: input.salt === 'drand' ? quicknetRoundFrom(startsAt) : null,
        published_at: publishedAt,
        starts_at: startsAt,
      });
      await repo.insertCheckpoints(trx, chainId, built.checkpoints);
      return chainId;
    });
    return id === null ? null : chainView(await chain(id), 0);
  }

  return publish;
}
