import { availableParallelism } from 'node:os';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's recommended floor (19 MiB, 2 passes). Hashing runs on libuv's thread
 * pool, so a burst of logins does not block the event loop.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many hashes may run at once. Each takes a whole core for tens of milliseconds; leaving one
 * core to the event loop keeps every other request fast while logins queue (bench: accounts).
 */
export function defaultHashConcurrency(): number {
  return Math.max(1, availableParallelism() - 1);
}

let concurrency = defaultHashConcurrency();
let running = 0;
const queue: (() => void)[] = [];

export function setPasswordHashConcurrency(limit: number): void {
  concurrency = Math.max(1, Math.floor(limit));
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
  return withHashSlot(() => argon2.hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  // Not an argon2 hash (e.g. a demo account's "no password"): nothing can match, no hashing needed.
  if (!hash.startsWith('$argon2')) return false;
  try {
    return await withHashSlot(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}
