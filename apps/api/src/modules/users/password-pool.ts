import { Worker } from 'node:worker_threads';
import argon2 from 'argon2';
import { apiFile } from '../../config/paths';

/** One argon2id job. */
export type HashJob =
  { op: 'hash'; password: string; options: Record<string, number> } | { op: 'verify'; hash: string; password: string };

/** Something that runs one job at a time: a worker thread, or (fallback) this thread's libuv pool. */
export interface HashWorker {
  run(job: HashJob): Promise<string | boolean>;
  terminate(): void;
}

export type HashWorkerFactory = () => HashWorker;

/** A job waited in the queue longer than the pool's limit: the caller asks the client to retry. */
export class HashQueueTimeoutError extends Error {
  constructor(readonly waitedMs: number) {
    super(`password hashing queue wait passed ${waitedMs} ms`);
    this.name = 'HashQueueTimeoutError';
  }
}

// Found from the package root: the code also runs bundled into one file (dist/server.js).
const WORKER_SCRIPT = apiFile('src/modules/users/password-hasher.worker.mjs');
/** A hash takes tens of milliseconds; this long means the worker is stuck. */
const JOB_TIMEOUT_MS = 30_000;

/** argon2id on a worker thread at normal priority; idle, it never keeps the process alive. */
export function threadHashWorker(): HashWorker {
  const worker = new Worker(WORKER_SCRIPT);
  worker.unref();
  let current: { id: number; resolve: (value: string | boolean) => void; reject: (error: Error) => void } | undefined;
  let nextId = 1;
  let isDead = false;
  const fail = (error: Error) => {
    isDead = true;
    current?.reject(error);
    current = undefined;
  };
  worker.on('message', (message: { id: number; result?: string | boolean; error?: string }) => {
    if (!current || message.id !== current.id) return;
    const job = current;
    current = undefined;
    worker.unref();
    if (message.error !== undefined || message.result === undefined) job.reject(new Error(message.error ?? 'no result'));
    else job.resolve(message.result);
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', () => fail(new Error('password hashing worker stopped')));
  return {
    run(job) {
      if (isDead) return Promise.reject(new Error('password hashing worker stopped'));
      const id = nextId++;
      // While a job runs the worker keeps the process alive (a CLI command waits for its hash).
      worker.ref();
      return new Promise<string | boolean>((resolve, reject) => {
        const timer = setTimeout(() => {
          fail(new Error('password hashing worker timed out'));
          void worker.terminate();
        }, JOB_TIMEOUT_MS);
        timer.unref();
        current = {
          id,
          resolve: (value) => (clearTimeout(timer), resolve(value)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        };
        worker.postMessage({ id, ...job });
      });
    },
    terminate: () => void worker.terminate(),
  };
}

/** argon2id on this thread's libuv pool (PASSWORD_HASHER=inline, and the fallback when a thread cannot start). */
export function inlineHashWorker(): HashWorker {
  return {
    run: (job) =>
      job.op === 'hash'
        ? argon2.hash(job.password, { ...job.options, type: argon2.argon2id })
        : argon2.verify(job.hash, job.password).catch(() => false),
    terminate: () => undefined,
  };
}

interface Waiting {
  job: HashJob;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export interface PasswordHashPoolOptions {
  /** Jobs running at once (one per worker). */
  size: number;
  /** A job not started within this time is refused (HashQueueTimeoutError) rather than left hanging. */
  maxQueueWaitMs: number;
  createWorker?: HashWorkerFactory;
}

/**
 * A fixed number of hashing workers and one queue in front of them (docs/accounts.md,
 * "Passwords"; docs/adr/0011-password-hashing-worker-pool.md). Jobs beyond the workers wait in
 * arrival order; one that waits longer than `maxQueueWaitMs` is refused, so a login under a CPU
 * flood answers "try again shortly" in about that time instead of hanging until the request's own
 * timeout. Workers start on first use and are replaced when one dies; if none can start, jobs run
 * inline.
 */
export class PasswordHashPool {
  private readonly idle: HashWorker[] = [];
  private readonly queue: Waiting[] = [];
  private busy = 0;
  private isClosed = false;
  private readonly settledWaiters: (() => void)[] = [];

  constructor(private readonly options: PasswordHashPoolOptions) {}

  private get isIdle(): boolean {
    return this.busy === 0 && this.queue.length === 0;
  }

  /** Jobs waiting for a worker. */
  get waiting(): number {
    return this.queue.length;
  }

  run(job: HashJob): Promise<string | boolean> {
    if (this.busy < this.options.size) return this.start(job);
    return new Promise((resolve, reject) => {
      const entry: Waiting = {
        job,
        resolve,
        reject,
        timer: setTimeout(() => {
          const index = this.queue.indexOf(entry);
          if (index >= 0) this.queue.splice(index, 1);
          reject(new HashQueueTimeoutError(this.options.maxQueueWaitMs));
        }, this.options.maxQueueWaitMs),
      };
      this.queue.push(entry);
    });
  }

  /**
   * Resolves once no job runs or waits. The server waits for it before it exits: a process that
   * exits while a worker thread is inside argon2 aborts (SIGABRT) instead of exiting 0.
   */
  settled(): Promise<void> {
    if (this.isIdle) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /** Stops the idle workers; busy ones stop when their job ends. */
  close(): void {
    this.isClosed = true;
    for (const worker of this.idle.splice(0)) worker.terminate();
  }

  private async start(job: HashJob): Promise<string | boolean> {
    this.busy += 1;
    const worker = this.idle.pop() ?? this.newWorker();
    let isHealthy = true;
    try {
      return await worker.run(job);
    } catch (error) {
      // A worker that failed (crashed, stuck) is not reused; a wrong hash is no failure of it.
      isHealthy = false;
      throw error;
    } finally {
      this.busy -= 1;
      if (isHealthy && !this.isClosed) this.idle.push(worker);
      else worker.terminate();
      this.next();
      if (this.isIdle) for (const resolve of this.settledWaiters.splice(0)) resolve();
    }
  }

  private next(): void {
    const entry = this.queue.shift();
    if (!entry) return;
    clearTimeout(entry.timer);
    this.start(entry.job).then(entry.resolve, entry.reject);
  }

  private newWorker(): HashWorker {
    try {
      return (this.options.createWorker ?? threadHashWorker)();
    } catch {
      return inlineHashWorker();
    }
  }
}
