import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import { AppError } from '../lib/app-error';
import { groupCommitter } from './group-commit';
import { assertNotInsideTransaction, runInTransactionScope } from './transaction-scope';
import { claimIdempotencyKey, findIdempotencyKey, storeIdempotentResult } from './idempotency.repository';
import { onTransactionConnection, sendWithoutWaiting } from './reusable-query';
import type { Database } from './schema';

type Db = Kysely<Database>;

/**
 * The one way to run a writing transaction (docs/adr/0009-unit-of-work.md).
 *
 * - SQLite: every transaction begins IMMEDIATE (the driver does it), so a writer takes the write
 *   lock at its start and waits for it (busy timeout) instead of failing half-way with SQLITE_BUSY.
 * - PostgreSQL: a money transaction takes its players' locks first (transaction-scoped advisory
 *   locks, in id order), then the ledger locks account rows in key order: one global lock order.
 *   Serialization failures and deadlocks are retried a bounded number of times.
 * - The callback gets only the transaction. The root handle used inside it fails at once with a
 *   clear error, where SQLite would wait forever for its one connection.
 * - With an idempotency claim, the key is claimed by the transaction's first write and the result
 *   stored before COMMIT: the money and the key commit together or not at all.
 */
export type Tx = Transaction<Database>;

/** What a money-moving request claims: the same key from the same user applies once. */
export interface IdempotencyClaim {
  userId: number;
  key: string;
  /** 'METHOD /api/path' */
  route: string;
  /** SHA-256 of the route and the canonical body. */
  requestHash: string;
  /** Set by the unit of work when the result was replayed from an earlier commit. */
  replayed?: boolean;
  /** Set once a transaction has stored the result under this key. */
  settled?: boolean;
}

export interface MoneyWork {
  /** Every player whose money the transaction may move; locked first, in id order. */
  userIds: readonly number[];
  idempotency?: IdempotencyClaim | null;
  now: number;
}

/** Attempts for a transaction that PostgreSQL aborted as a serialization failure or deadlock. */
const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 5;
const RETRYABLE_CODES = new Set(['40001', '40P01', 'SQLITE_BUSY']);
/** A player's money lock: advisory lock class 1, the second key the user id. */
const PLAYER_LOCK_SQL = 'select pg_advisory_xact_lock(1, $1::int)';

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Returned (not thrown) by the transaction when its key already committed, so its caller hears the
 * stored result only once the transaction ends: on SQLite a unit that threw would hear at once,
 * before the COMMIT of the batch that may hold the first request (group-commit.ts), and a read
 * straight after could miss what the first request did.
 */
class Replay {
  constructor(readonly value: unknown) {}
}

/**
 * One try, with the callback marked as inside the transaction (the driver's nested-use check).
 * SQLite's transactions share commits with those waiting beside them (group-commit.ts).
 */
function attempt<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const work = (tx: Tx) => onTransactionConnection(tx, () => fn(tx));
  if (!isPostgres(db)) return groupCommitter(db).run((tx) => runInTransactionScope((inside) => inside(() => work(tx))));
  return runInTransactionScope((inside) => db.transaction().execute((tx) => inside(() => work(tx))));
}

async function withRetries<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  assertNotInsideTransaction();
  for (let attemptNo = 1; ; attemptNo += 1) {
    try {
      return await attempt(db, fn);
    } catch (error) {
      if (attemptNo >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      // Jittered back-off, so two transactions that collided do not collide again in step.
      await sleep(RETRY_BASE_MS * attemptNo + Math.random() * RETRY_BASE_MS * attemptNo);
    }
  }
}

/** A writing transaction that moves no money (sessions, settings, buttons ...). */
export function writeTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withRetries(db, fn);
}

/** Takes the players' money locks, in id order (PostgreSQL; SQLite's write lock covers it). */
async function lockPlayers(tx: Tx, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  lockedPlayers.set(tx, new Set(ids));
  if (!isPostgres(tx)) return;
  // Not waited for: the statements after it run only once the database has granted it.
  for (const userId of ids) await sendWithoutWaiting(tx, CompiledQuery.raw(PLAYER_LOCK_SQL, [userId]));
}

const lockedPlayers = new WeakMap<object, Set<number>>();

/**
 * Fails unless `tx` is a money transaction holding the player's lock: whatever reads a balance to
 * decide a movement (exposure, bonus) must run under it.
 */
export function assertPlayerLocked(tx: object, userId: number): void {
  if (!lockedPlayers.get(tx)?.has(userId)) {
    throw new Error(`Player ${userId}'s money moved outside a money transaction that locks them (moneyTransaction)`);
  }
}

/** Adds a player's money lock to a transaction already running (the two cases below). */
async function lockPlayerInside(tx: Tx, userId: number): Promise<void> {
  const held = lockedPlayers.get(tx) ?? new Set<number>();
  if (held.has(userId)) return;
  if (isPostgres(tx)) await sendWithoutWaiting(tx, CompiledQuery.raw(PLAYER_LOCK_SQL, [userId]));
  held.add(userId);
  lockedPlayers.set(tx, held);
}

/**
 * Takes the money lock of a player created in this very transaction (their accounts and demo
 * money are set up at birth). No other transaction can know the player yet, so taking the lock
 * here, after other writes, cannot deadlock; on SQLite the write lock already covers it.
 */
export function lockNewPlayer(tx: Tx, userId: number): Promise<void> {
  return lockPlayerInside(tx, userId);
}

/**
 * Takes the money lock of the player a row names, once the transaction has locked that row (a
 * deposit order a gateway's callback names: its player is known only from the order). Only for
 * rows whose lock no transaction takes while holding a player's lock, so the order "row, then
 * player" cannot meet "player, then row" and deadlock; each caller says why its rows are such.
 */
export function lockPlayerOfLockedRow(tx: Tx, userId: number): Promise<void> {
  return lockPlayerInside(tx, userId);
}

/**
 * A money transaction. With a claim whose key already committed, `fn` does not run: the first
 * result is returned (and `claim.replayed` set). Results must be plain JSON values.
 */
export async function moneyTransaction<T>(db: Db, work: MoneyWork, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const claim = work.idempotency ?? null;
  if (claim?.settled) throw new Error('An idempotency claim serves one money transaction');
  const result = await withRetries(db, async (tx): Promise<T | Replay> => {
    if (claim) {
      const row = { ...claim, createdAt: work.now };
      if (!(await claimIdempotencyKey(tx, row))) {
        const earlier = await findIdempotencyKey(tx, claim.userId, claim.key);
        if (!earlier || earlier.route !== claim.route || earlier.request_hash !== claim.requestHash) {
          throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request');
        }
        // Refused a moment ago without moving money (a race with the first request's refusal).
        if (earlier.state === 'answer') {
          throw new AppError('CONFLICT', 'This request was already answered; send it again with a new Idempotency-Key');
        }
        return new Replay(earlier.response_body === null ? null : JSON.parse(earlier.response_body));
      }
    }
    await lockPlayers(tx, work.userIds);
    const value = await fn(tx);
    if (claim) await storeIdempotentResult(tx, claim.userId, claim.key, JSON.stringify(value ?? null));
    return value;
  });
  if (claim) {
    claim.settled = true;
    if (result instanceof Replay) claim.replayed = true;
  }
  return result instanceof Replay ? (result.value as T) : result;
}
