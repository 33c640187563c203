import { availableParallelism } from 'node:os';
import { RetryLaterError } from '../../plugins/error-handler';
import {
  type HashJob,
  HashQueueTimeoutError,
  type HashWorkerFactory,
  inlineHashWorker,
  PasswordHashPool,
  threadHashWorker,
} from './password-pool';

/**
 * argon2id with OWASP's recommended floor (19 MiB, 2 passes) unless configured otherwise (tests
 * use cheap parameters). Hashing runs on a pool of worker threads at normal priority; a job that
 * cannot start within the queue limit is refused with 503 and Retry-After (password-pool.ts).
 */
export const DEFAULT_ARGON2_MEMORY_KIB = 19_456;
export const DEFAULT_ARGON2_PASSES = 2;
export const DEFAULT_HASH_QUEUE_WAIT_MS = 2_000;

/** Hashes at once: beyond the cores they would only queue inside argon2 and hold memory. */
export function defaultHashConcurrency(): number {
  return Math.max(1, availableParallelism());
}

export interface PasswordHashingOptions {
  hasher: 'worker' | 'inline';
  concurrency?: number | undefined;
  queueWaitMs?: number | undefined;
  memoryKib?: number | undefined;
  passes?: number | undefined;
  /** Tests only: stand-in workers. */
  createWorker?: HashWorkerFactory;
}

let argon2Options = { memoryCost: DEFAULT_ARGON2_MEMORY_KIB, timeCost: DEFAULT_ARGON2_PASSES, parallelism: 1 };
let queueWaitMs = DEFAULT_HASH_QUEUE_WAIT_MS;
let pool = new PasswordHashPool({ size: defaultHashConcurrency(), maxQueueWaitMs: queueWaitMs });

/** Set at start-up from the configuration (PASSWORD_HASHER, PASSWORD_HASH_*). */
export function configurePasswordHashing(options: PasswordHashingOptions): void {
  argon2Options = {
    memoryCost: options.memoryKib ?? DEFAULT_ARGON2_MEMORY_KIB,
    timeCost: options.passes ?? DEFAULT_ARGON2_PASSES,
    parallelism: 1,
  };
  queueWaitMs = options.queueWaitMs ?? DEFAULT_HASH_QUEUE_WAIT_MS;
  pool.close();
  pool = new PasswordHashPool({
    size: Math.max(1, Math.floor(options.concurrency ?? defaultHashConcurrency())),
    maxQueueWaitMs: queueWaitMs,
    createWorker: options.createWorker ?? (options.hasher === 'inline' ? inlineHashWorker : threadHashWorker),
  });
}

/** Resolves once no password hash runs or waits (the server waits for it before it exits). */
export function passwordHashingSettled(): Promise<void> {
  return pool.settled();
}

/** The refusal a player sees when logins are queued past the limit. */
function busyRefusal(): RetryLaterError {
  return new RetryLaterError(
    'SERVICE_UNAVAILABLE',
    'Many players are logging in right now. Please try again in a few seconds.',
    Math.max(1, Math.ceil(queueWaitMs / 1000)),
  );
}

async function runJob(job: HashJob): Promise<string | boolean> {
  try {
    return await pool.run(job);
  } catch (error) {
    if (error instanceof HashQueueTimeoutError) throw busyRefusal();
    // The worker died or is stuck: hash here rather than refuse the player.
    return inlineHashWorker().run(job);
  }
}

export async function hashPassword(password: string): Promise<string> {
  return String(await runJob({ op: 'hash', password, options: argon2Options }));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  // Not an argon2 hash (e.g. a demo account's "no password"): nothing can match, no hashing needed.
  if (!hash.startsWith('$argon2')) return false;
  return (await runJob({ op: 'verify', hash, password })) === true;
}
