import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { PasswordHasherProcess } from './password-hasher';

/**
 * argon2id with OWASP's recommended floor (19 MiB, 2 passes). The hashing runs in a child
 * process at the lowest CPU priority (password-hasher.ts), so a burst of logins only uses CPU
 * that other requests leave over; if that process cannot run, it runs here on libuv's pool.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes at once: beyond the cores they would only queue inside argon2 and hold memory. */
export function defaultHashConcurrency(): number {
  return Math.max(1, availableParallelism());
}

let concurrency = defaultHashConcurrency();
let running = 0;
const queue: (() => void)[] = [];
const hasher = new PasswordHasherProcess();

let isInline = false;

/** Set once at start-up from the configuration (PASSWORD_HASHER, PASSWORD_HASH_CONCURRENCY). */
export function configurePasswordHashing(options: { hasher: 'process' | 'inline'; concurrency?: number | undefined }): void {
  isInline = options.hasher === 'inline';
  concurrency = Math.max(1, Math.floor(options.concurrency ?? defaultHashConcurrency()));
}

function argon2Inline(job: { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string }) {
  return job.op === 'hash'
    ? argon2.hash(job.password, { ...ARGON2_OPTIONS, type: argon2.argon2id })
    : argon2.verify(job.hash, job.password).catch(() => false);
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < concurrency) running += 1;
  // A finishing hash hands its slot straight to the next in line.
  else await new Promise<void>((resolve) => queue.push(resolve));
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashSlot(async () => {
    if (!isInline) {
      try {
        return String(await hasher.run({ op: 'hash', password, options: ARGON2_OPTIONS }));
      } catch {
        // The hasher process could not run: hash here rather than refuse the player.
      }
    }
    return String(await argon2Inline({ op: 'hash', password }));
  });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  // Not an argon2 hash (e.g. a demo account's "no password"): nothing can match, no hashing needed.
  if (!hash.startsWith('$argon2')) return false;
  return withHashSlot(async () => {
    if (!isInline) {
      try {
        return (await hasher.run({ op: 'verify', hash, password })) === true;
      } catch {
        // As above; a malformed hash fails here too and reads as "no match".
      }
    }
    return (await argon2Inline({ op: 'verify', hash, password })) === true;
  });
}
