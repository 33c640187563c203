import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database';
import { enqueueJob, finishJob, type JobRow, leaseDueJobs, type NewJob } from './jobs';
import { writeTransaction } from './unit-of-work';
import type { Clock } from '../lib/clock';
import { pollLoop } from '../lib/poll-loop';

/**
 * Durable jobs (docs/adr/0009-unit-of-work.md, "Jobs"): rows in `jobs` that any API instance may
 * lease. A job runs at least once; its handler must be safe to run again (money handlers are,
 * through the unit of work and their natural unique keys). A failure is retried with back-off up
 * to the job's attempts; a lease that runs out (the instance died) is taken by another instance.
 */
export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

export interface JobRunner {
  /** The handler of a kind of job. */
  handle(kind: string, handler: JobHandler): void;
  /** A task every `intervalMs` across all instances: one instance runs each turn. */
  every(name: string, intervalMs: number, task: () => Promise<unknown>): void;
  enqueue(db: Db, job: NewJob): Promise<boolean>;
  /** Leases and runs what is due now, once (the poll loop's step; tests call it directly). */
  runDue(): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const JOB_POLL_MS = 1_000;
const LEASE_MS = 60_000;
const BATCH = 20;
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 5 * 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Hears how long each job run took and whether it failed (the metrics; settlement is kind `bets.settle`). */
export type JobRunObserver = (kind: string, seconds: number, hasFailed: boolean) => void;

export function createJobRunner(db: Db, clock: Clock, logger: FastifyBaseLogger, observe?: JobRunObserver): JobRunner {
  const owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, JobHandler>();
  const recurring = new Map<string, number>();
  let running: Promise<number> | undefined;

  async function runOne(job: JobRow): Promise<void> {
    const id = Number(job.id);
    const handler = handlers.get(job.kind);
    const interval = recurring.get(job.kind);
    const startedAt = performance.now();
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler(JSON.parse(job.payload) as unknown, job);
      const outcome =
        interval !== undefined
          ? { status: 'pending' as const, runAt: clock.now() + interval, resetAttempts: true }
          : { status: 'done' as const };
      await finishJob(db, { id, owner }, outcome, clock.now());
      observe?.(job.kind, (performance.now() - startedAt) / 1000, false);
    } catch (error) {
      observe?.(job.kind, (performance.now() - startedAt) / 1000, true);
      const message = (error as Error).message ?? String(error);
      logger.error({ err: error, job: job.job_key, attempt: job.attempts }, 'job failed');
      const attempts = Number(job.attempts);
      const givesUp = interval === undefined && attempts >= Number(job.max_attempts);
      const outcome = givesUp
        ? { status: 'failed' as const }
        : {
            status: 'pending' as const,
            runAt: clock.now() + (interval ?? retryDelayMs(attempts)),
            resetAttempts: interval !== undefined,
          };
      await finishJob(db, { id, owner }, outcome, clock.now(), message);
    }
  }

  /** The recurring jobs' rows, due at once the first time (any instance may have made them). */
  let scheduled: Promise<void> | undefined;
  const scheduleRecurring = () =>
    (scheduled ??= (async () => {
      for (const kind of recurring.keys()) await enqueueJob(db, { kind, key: kind, runAt: clock.now() }, clock.now());
    })());

  async function runDueOnce(): Promise<number> {
    await scheduleRecurring();
    const now = clock.now();
    const jobs = await writeTransaction(db, (tx) => leaseDueJobs(tx, owner, now, now + LEASE_MS, BATCH));
    for (const job of jobs) await runOne(job);
    return jobs.length;
  }

  const runner: JobRunner = {
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`Jobs of kind ${kind} already have a handler`);
      handlers.set(kind, handler);
    },
    every(name, intervalMs, task) {
      const kind = `recurring:${name}`;
      recurring.set(kind, intervalMs);
      runner.handle(kind, async () => {
        await task();
      });
    },
    enqueue: (executor, job) => enqueueJob(executor, job, clock.now()),
    runDue() {
      // Never two polls at once in this process.
      running ??= runDueOnce().finally(() => (running = undefined));
      return running;
    },
    async start() {
      await scheduleRecurring();
      loop.start();
    },
    async stop() {
      await loop.stop();
      await running;
    },
  };
  const loop = pollLoop(
    () => runner.runDue(),
    JOB_POLL_MS,
    (error) => logger.error({ err: error }, 'job poll failed'),
  );
  return runner;
}
