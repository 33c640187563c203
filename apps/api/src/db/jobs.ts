import type { Selectable } from 'kysely';
import type { JobsTable } from './jobs.table';
import type { Db } from './database';
import { isPostgres, type Tx } from './unit-of-work';

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  kind: string;
  key: string;
  payload?: unknown;
  runAt: number;
  maxAttempts?: number;
}

const DEFAULT_MAX_ATTEMPTS = 10;

/** Adds a job unless one with its key exists (done ones included: a key is work done once). */
export async function enqueueJob(db: Db, job: NewJob, now: number): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      job_key: job.key,
      payload: JSON.stringify(job.payload ?? null),
      status: 'pending',
      run_at: job.runAt,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('job_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Leases due jobs to `owner` until `leaseUntil`: pending ones whose time has come, and running
 * ones whose lease ran out (their instance died). PostgreSQL skips rows another instance is
 * leasing right now (SKIP LOCKED); SQLite has one writer at a time.
 */
export async function leaseDueJobs(tx: Tx, owner: string, now: number, leaseUntil: number, limit: number): Promise<JobRow[]> {
  let due = tx
    .selectFrom('jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
      ]),
    )
    .orderBy('run_at')
    .limit(limit);
  if (isPostgres(tx)) due = due.forUpdate().skipLocked();
  const ids = (await due.execute()).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return tx
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      lease_owner: owner,
      lease_until: leaseUntil,
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', 'in', ids)
    .returningAll()
    .execute();
}

/** Ends a leased job: done, due again at `runAt` (recurring, or a retry), or failed for good. */
export async function finishJob(
  db: Db,
  job: { id: number; owner: string },
  outcome: { status: 'done' | 'failed' } | { status: 'pending'; runAt: number; resetAttempts?: boolean },
  now: number,
  error: string | null = null,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: outcome.status,
      ...(outcome.status === 'pending' ? { run_at: outcome.runAt } : {}),
      ...(outcome.status === 'pending' && outcome.resetAttempts ? { attempts: 0 } : {}),
      lease_owner: null,
      lease_until: null,
      last_error: error === null ? null : error.slice(0, 500),
      updated_at: now,
    })
    .where('id', '=', job.id)
    // A lease that ran out and was taken by another instance is theirs now.
    .where('lease_owner', '=', job.owner)
    .execute();
}

export async function findJobByKey(db: Db, key: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('job_key', '=', key).executeTakeFirst();
}

/** When the longest-waiting due job was due (ms), if any job is due and not running: the queue's lag. */
export async function oldestDueRunAt(db: Db, now: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('jobs')
    .select('run_at')
    .where('status', '=', 'pending')
    .where('run_at', '<=', now)
    .orderBy('run_at')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.run_at);
}
