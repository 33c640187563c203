import { setImmediate as nextTurn } from 'node:timers/promises';
import { QUICKNET, quicknetRoundFrom, quicknetRoundTime, type RoundChainRef, type RoundChainView } from '@app/shared';
import { verifyQuicknetRound } from '@app/shared/drand-verify';
import type { Db } from '../../db/database';
import { outsideTransactionScope } from '../../db/transaction-scope';
import { writeTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomHex, sha256Hex } from '../../lib/ids';
import type { BeaconSource } from './drand-relay';
import * as repo from './round-chain.repository';

/** Longest chain one command makes: ten million rounds (about three years of Crash rounds back to back). */
export const ROUND_CHAIN_MAX_LENGTH = 10_000_000;
/** A hash is stored every this many positions: a round's hash is this many hashes away at most. */
export const ROUND_CHAIN_CHECKPOINT_EVERY = 1_000;
/** The demo install's chains (docs/casino-fairness.md, "Round chains"). */
export const DEMO_CHAIN_LENGTH = 100_000;
/** A game's next chain is published once its newest has 1/10 of its rounds or fewer left (`renewDue`). */
const RENEW_WHEN_LEFT_DIVISOR = 10;
/** How often an instance looks whether a game needs its next chain published. */
export const ROUND_CHAIN_RENEW_EVERY_MS = 10 * 60_000;
/** A waiting drand chain asks the relays again at most this often (per instance). */
const BEACON_RETRY_MS = 5_000;

export type { ChainRow } from './round-chain.repository';
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

const iso = (ms: number) => new Date(ms).toISOString();

/** What of a chain is public: a self-drawn salt only once the chain started, a beacon's once it is out. */
function publicSalt(chain: repo.ChainRow): string | null {
  return chain.salt_source === 'self' && chain.started_at === null ? null : chain.salt;
}

function beaconView(chain: repo.ChainRow): RoundChainView['beacon'] {
  if (chain.salt_source !== 'drand' || chain.beacon_round === null) return null;
  return {
    network: QUICKNET.beaconId,
    chain_hash: QUICKNET.chainHash,
    public_key: QUICKNET.publicKey,
    round: chain.beacon_round,
    round_at: iso(quicknetRoundTime(chain.beacon_round)),
    signature: chain.beacon_signature,
  };
}

export function chainView(chain: repo.ChainRow, played: number): RoundChainView {
  return {
    id: chain.id,
    game_code: chain.game_code,
    length: chain.length,
    terminating_hash: chain.terminating_hash,
    salt_source: chain.salt_source,
    salt_hash: chain.salt_hash,
    salt: publicSalt(chain),
    beacon: beaconView(chain),
    published_at: iso(chain.published_at),
    starts_at: iso(chain.starts_at),
    status: played >= chain.length ? 'used' : played > 0 || chain.started_at !== null ? 'playing' : 'queued',
    rounds_played: played,
    first_round_number: chain.first_round_number,
  };
}

/** A round's place in its chain, as its views show it (the chain started, so its salt is public). */
export function chainRef(chain: repo.ChainRow, position: number): RoundChainRef {
  return {
    id: chain.id,
    position,
    length: chain.length,
    terminating_hash: chain.terminating_hash,
    salt_source: chain.salt_source,
    salt_hash: chain.salt_hash,
    salt: chain.salt ?? '',
    beacon: beaconView(chain),
    published_at: iso(chain.published_at),
    starts_at: iso(chain.starts_at),
  };
}

/** Where a game's next round comes from. */
export type NextSource =
  | { kind: 'ready'; chain: repo.ChainRow; position: number }
  /** The next chain may not start yet: its notice runs, or its beacon round is not in. */
  | { kind: 'waiting'; chain: repo.ChainRow; reason: 'notice' | 'beacon' }
  | { kind: 'none' };

export interface RoundChainsDeps {
  db: Db;
  clock: Clock;
  beacon: BeaconSource;
  /** How long after publication a chain may start, unless its command says otherwise. */
  defaultNoticeMs: number;
  onBeaconError?: (error: unknown, chainId: number) => void;
}

/**
 * Round chains of the shared-round games (docs/casino-fairness.md, "Round chains"): each game's
 * chains play one after another in the order they were published, each from position 1 up to its
 * length, none before its stated start, and a drand chain not before its announced beacon round
 * is out and checked. Once a chain is published no round of it can be chosen, skipped or replayed.
 */
export function createRoundChains({ db, clock, beacon, defaultNoticeMs, onBeaconError }: RoundChainsDeps) {
  // Chains change only by their start and their beacon, which are read fresh where they matter.
  const cache = new Map<number, repo.ChainRow>();
  const playedReaders = new Map<string, (chainIds: readonly number[]) => Promise<Map<number, number>>>();
  const beaconAttempts = new Map<number, { at: number; running: Promise<void> | undefined }>();

  async function chain(chainId: number): Promise<repo.ChainRow> {
    const cached = cache.get(chainId);
    if (cached && cached.salt !== null) return cached;
    const row = await repo.findChain(db, chainId);
    if (!row) throw new Error(`Round chain ${chainId} is missing`);
    cache.set(chainId, row);
    return row;
  }

  /** Asks the relays for a waiting chain's beacon round, once at a time and not too often. */
  function fetchBeaconSoon(waiting: repo.ChainRow): void {
    if (beacon.relays.length === 0 || waiting.beacon_round === null) return;
    const attempt = beaconAttempts.get(waiting.id);
    if (attempt && (attempt.running || clock.now() - attempt.at < BEACON_RETRY_MS)) return;
    const round = waiting.beacon_round;
    const state = { at: clock.now(), running: undefined as Promise<void> | undefined };
    beaconAttempts.set(waiting.id, state);
    state.running = outsideTransactionScope(async () => {
      try {
        const fetched = await beacon.fetchRound(round);
        if (fetched) {
          await repo.storeBeacon(db, waiting.id, fetched.signature, fetched.randomness);
          cache.delete(waiting.id);
        }
      } catch (error) {
        onBeaconError?.(error, waiting.id);
      } finally {
        state.running = undefined;
        state.at = clock.now();
      }
    });
  }

  interface ChainInput {
    gameCode: string;
    length: number;
    salt: SaltSource;
    noticeMs?: number;
  }

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

  const chains = {
    chain,

    /** Tells the chain list how far a game's chains were played (the game owns its rounds). */
    registerGame(gameCode: string, played: (chainIds: readonly number[]) => Promise<Map<number, number>>) {
      playedReaders.set(gameCode, played);
    },

    /**
     * Publishes a chain: its terminating hash, its start (now + the notice) and where its salt
     * comes from, all public at once. A drand chain's salt is the quicknet round due at its start
     * (unknown to anyone now); a self-drawn one is committed as its SHA-256.
     */
    async create(input: ChainInput): Promise<RoundChainView> {
      const published = await publish(input);
      if (!published) throw new Error('A chain published without a condition was not published');
      return published;
    },

    /**
     * Stores a drand chain's beacon round given by hand (an operator's copy from any relay or
     * node): taken only if its signature verifies for the announced round under quicknet's key.
     */
    async supplyBeacon(chainId: number, signature: string): Promise<RoundChainView> {
      const row = await repo.findChain(db, chainId);
      if (!row) throw new AppError('NOT_FOUND', `No round chain ${chainId}`);
      if (row.salt_source !== 'drand' || row.beacon_round === null) {
        throw new AppError('REFUSED', `Chain ${chainId} is salted by a salt drawn here, not by a beacon round`);
      }
      if (row.salt !== null) throw new AppError('CONFLICT', `Chain ${chainId} already has its beacon round ${row.beacon_round}`);
      const check = verifyQuicknetRound({ round: row.beacon_round, signature });
      if (!check.isValid) {
        throw new AppError('BAD_REQUEST', `That is not drand quicknet round ${row.beacon_round}: ${check.reason}`);
      }
      await repo.storeBeacon(db, chainId, check.signature, check.randomness);
      cache.delete(chainId);
      return chainView(await chain(chainId), 0);
    },

    /** Where the round after `latest` comes from: the next position, the next chain, or nothing yet. */
    async nextPosition(
      gameCode: string,
      latest: { chain_id: number | null; chain_position: number | null } | undefined,
    ): Promise<NextSource> {
      if (latest?.chain_id != null && latest.chain_position != null) {
        const current = await chain(Number(latest.chain_id));
        if (Number(latest.chain_position) < current.length) {
          return { kind: 'ready', chain: current, position: Number(latest.chain_position) + 1 };
        }
      }
      const next = await repo.firstChainAfter(db, gameCode, latest?.chain_id == null ? 0 : Number(latest.chain_id));
      if (!next) return { kind: 'none' };
      if (clock.now() < next.starts_at) return { kind: 'waiting', chain: next, reason: 'notice' };
      if (next.salt === null) {
        fetchBeaconSoon(next);
        return { kind: 'waiting', chain: next, reason: 'beacon' };
      }
      cache.set(next.id, next);
      return { kind: 'ready', chain: next, position: 1 };
    },

    /** The hash at `position`: from the nearest stored hash above it, hashed down. */
    async hashAt(current: repo.ChainRow, position: number): Promise<string> {
      const checkpoint = await repo.checkpointAtOrAbove(db, current.id, position);
      if (!checkpoint) throw new Error(`Round chain ${current.id} has no hash above position ${position}`);
      let hash = checkpoint.hash;
      for (let at = checkpoint.position; at > position; at -= 1) hash = sha256Hex(hash);
      return hash;
    },

    async markStarted(chainId: number, roundNumber: number) {
      await repo.markChainStarted(db, chainId, roundNumber, clock.now());
      cache.delete(chainId);
    },

    /**
     * Publishes each game's next chain ahead of need (docs/casino-fairness.md, "Published chains"):
     * once a game's newest chain is being played and has a tenth of its rounds or fewer left, a
     * chain of the same length and salt source is published with the install's notice, so the
     * notice runs out before the rounds do and the game never closes for want of a chain. A game
     * no chain was ever published for is left to its operator. Answers the chains published.
     */
    async renewDue(): Promise<RoundChainView[]> {
      const published: RoundChainView[] = [];
      for (const [gameCode, played] of playedReaders) {
        const [newest] = await repo.listChains(db, gameCode, 1);
        if (!newest) continue;
        const left = newest.length - ((await played([newest.id])).get(newest.id) ?? 0);
        if (left === newest.length || left > Math.ceil(newest.length / RENEW_WHEN_LEFT_DIVISOR)) continue;
        const next = await publish({ gameCode, length: newest.length, salt: newest.salt_source }, newest.id);
        if (next) published.push(next);
      }
      return published;
    },

    /** A game's published chains, newest first. */
    async list(gameCode: string, limit = 20): Promise<RoundChainView[]> {
      const chains = await repo.listChains(db, gameCode, limit);
      const reader = playedReaders.get(gameCode);
      const played = reader ? await reader(chains.map((row) => row.id)) : new Map<number, number>();
      return chains.map((row) => chainView(row, played.get(row.id) ?? 0));
    },

    /** Resolves once the beacon fetches running now are done (tests). */
    async settled(): Promise<void> {
      await Promise.all([...beaconAttempts.values()].map((attempt) => attempt.running));
    },
  };
  return chains;
}

export type RoundChains = ReturnType<typeof createRoundChains>;

/** Why a shared-round game has no round to open, in words for the player (a 422's message). */
export function closedMessage(gameName: string, next: Exclude<NextSource, { kind: 'ready' }>): string {
  if (next.kind === 'none') return `${gameName} is closed: no published round chain has rounds left`;
  const at = iso(next.chain.starts_at)
    .replace('T', ' ')
    .replace(/:\d\d\.\d+Z$/, ' UTC');
  if (next.reason === 'notice') return `${gameName} opens at ${at}, when its next published round chain may start`;
  return `${gameName} waits for drand round ${next.chain.beacon_round ?? ''}, which salts its next round chain`;
}
