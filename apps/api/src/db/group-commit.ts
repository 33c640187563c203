import { setImmediate as nextTurn } from 'node:timers/promises';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { executeCompiled, onTransactionConnection } from './reusable-query';
import type { Database } from './schema';

/** Units one commit carries at most: bounds how long the write lock is held. */
const MAX_UNITS_PER_COMMIT = 64;
const SAVEPOINT = CompiledQuery.raw('savepoint unit');
const ROLLBACK_TO_SAVEPOINT = CompiledQuery.raw('rollback to unit');
const RELEASE_SAVEPOINT = CompiledQuery.raw('release unit');
/** Thrown out of a batch to roll it back when its first unit failed (that unit heard its error). */
const FIRST_UNIT_FAILED = Symbol('first unit failed');
/** With nobody joining lately, a batch still waits a turn for joiners this often. */
const PROBE_EVERY_BATCHES = 16;
/**
 * After a batch that had joiners, the next this many batches wait a turn for joiners too. Callers
 * that come in waves (a gateway's senders, a provider's players: each sends its next call once the
 * last is answered) leave a lone first unit between two full batches; forgetting the waiting at
 * that lone unit sent most commits out alone (a deposit-callback bench: 943 of 1,044 commits).
 */
const KEEP_WAITING_BATCHES = 8;

interface Unit {
  run(tx: Transaction<Database>): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Batch = Transaction<Database>;

/**
 * Group commit for SQLite (docs/adr/0010-sqlite-group-commit.md): transactions that wait for the
 * one writer share its next COMMIT, so one fsync makes several of them durable.
 *
 * - Each unit runs alone, one after another, inside the batch's transaction: the first as the
 *   transaction itself, every later one inside a savepoint. A unit that throws is rolled back
 *   (to its savepoint, or the whole transaction when it is the first) and its caller hears the
 *   error at once; the others go on.
 * - A unit's caller hears its result only after the COMMIT that made it durable. If that COMMIT
 *   fails, every unit of the batch hears the error, and none of them happened.
 * - Before committing, the batch lets a turn of the event loop pass, so requests that were
 *   already waiting can join it: for 8 batches after one that had joiners, and every 16th batch
 *   otherwise, so that one player's transactions one after another pay almost nothing for it.
 * - A batch is Kysely's callback transaction with its savepoints in SQL: a controlled transaction
 *   (startTransaction) cost 5 µs more per commit, a sixth of what one debit spends in JavaScript.
 * - Units run in the leading caller's async context; the unit of work marks each as inside its
 *   transaction itself (transaction-scope.ts), the one async-context value the API keeps.
 */
export class GroupCommitter {
  private readonly queue: Unit[] = [];
  private isLeading = false;
  /** Batches left that wait a turn for joiners because one lately found some (KEEP_WAITING_BATCHES). */
  private waitingBatchesLeft = 0;
  private batchesSinceProbe = 0;
  /** Commits made and units they carried, since start (for tests and a look at how well it batches). */
  readonly counts = { commits: 0, units: 0 };
  /** Hears the number of units each commit carried (the metrics' batch sizes); nothing by default. */
  onCommit: ((units: number) => void) | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /** Units waiting for a batch to take them (for tests that order transactions). */
  get waiting(): number {
    return this.queue.length;
  }

  run<T>(fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run: fn, resolve: resolve as (value: unknown) => void, reject });
      if (this.isLeading) return;
      this.isLeading = true;
      void this.lead();
    });
  }

  /**
   * Runs batches while units wait. It stops leading in the same step as it finds the queue empty
   * (no await between): a caller that comes back at once with its next unit finds either a leader
   * that will take it or none, never one about to stop, which would leave its unit waiting forever.
   */
  private async lead(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const done: { unit: Unit; value: unknown }[] = [];
        let hasBegun = false;
        try {
          // eslint-disable-next-line no-restricted-syntax -- the unit of work's SQLite transactions begin here
          await this.db.transaction().execute(async (batch) => {
            hasBegun = true;
            // fill() leaves the batch to commit only with at least one unit done in it. Its
            // statements, and its units', go straight to the batch's connection.
            if (!(await onTransactionConnection(batch, () => this.fill(batch, done)))) throw FIRST_UNIT_FAILED;
          });
        } catch (error) {
          if (!hasBegun) {
            // BEGIN failed (another process held the write lock past the busy timeout): every
            // waiting unit hears it, and its unit of work may try again.
            for (const unit of this.queue.splice(0)) unit.reject(error);
            return;
          }
          // The batch's own statements failed (SAVEPOINT, RELEASE, COMMIT): none of it happened.
          if (error !== FIRST_UNIT_FAILED) for (const { unit } of done) unit.reject(error);
          continue;
        }
        this.counts.commits += 1;
        this.counts.units += done.length;
        this.waitingBatchesLeft = done.length > 1 ? KEEP_WAITING_BATCHES : Math.max(0, this.waitingBatchesLeft - 1);
        this.onCommit?.(done.length);
        for (const { unit, value } of done) unit.resolve(value);
      }
    } finally {
      this.isLeading = false;
    }
  }

  /** Whether to let a turn of the event loop pass for joiners: while it pays, and now and then. */
  private shouldWaitForJoiners(): boolean {
    this.batchesSinceProbe += 1;
    if (this.waitingBatchesLeft === 0 && this.batchesSinceProbe < PROBE_EVERY_BATCHES) return false;
    this.batchesSinceProbe = 0;
    return true;
  }

  /**
   * Runs waiting units in the batch until none is left (after a turn of the event loop, when
   * that pays), or the batch is full. False when the batch was rolled back (its first unit failed).
   */
  private async fill(batch: Batch, done: { unit: Unit; value: unknown }[]): Promise<boolean> {
    let mayWait = this.shouldWaitForJoiners();
    while (done.length < MAX_UNITS_PER_COMMIT) {
      let unit = this.queue.shift();
      if (!unit && done.length > 0 && mayWait) {
        await nextTurn();
        unit = this.queue.shift();
        // Wait again only while waiting brings someone.
        mayWait = unit !== undefined;
      }
      if (!unit) return true;
      if (done.length === 0) {
        try {
          done.push({ unit, value: await unit.run(batch) });
        } catch (error) {
          unit.reject(error);
          return false;
        }
        continue;
      }
      await executeCompiled(batch, SAVEPOINT).catch((error: unknown) => {
        unit.reject(error);
        throw error;
      });
      try {
        const value = await unit.run(batch);
        done.push({ unit, value });
      } catch (error) {
        unit.reject(error);
        await executeCompiled(batch, ROLLBACK_TO_SAVEPOINT);
      }
      await executeCompiled(batch, RELEASE_SAVEPOINT);
    }
    return true;
  }
}

const committers = new WeakMap<Kysely<Database>, GroupCommitter>();

/** The database's committer (one per Kysely instance). */
export function groupCommitter(db: Kysely<Database>): GroupCommitter {
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommitter(db);
    committers.set(db, committer);
  }
  return committer;
}
