import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { configurePasswordHashing, hashPassword, verifyPassword } from './password';
import { type HashJob, type HashWorker, HashQueueTimeoutError, PasswordHashPool, threadHashWorker } from './password-pool';

const CHEAP = { memoryCost: 1_024, timeCost: 1, parallelism: 1 };

/** The nice value of every thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** Workers whose jobs end only when the test says, so queueing is tested without timing luck. */
function heldWorkers() {
  const held: { job: HashJob; finish: (value: string | boolean) => void; fail: (error: Error) => void }[] = [];
  let created = 0;
  const createWorker = (): HashWorker => {
    created += 1;
    return {
      run: (job) => new Promise((finish, fail) => held.push({ job, finish, fail })),
      terminate: () => undefined,
    };
  };
  return { held, createWorker, created: () => created };
}

afterEach(() => configurePasswordHashing({ hasher: 'worker', memoryKib: 1_024, passes: 1 }));

describe('password hashing', () => {
  it('hashes with argon2id at the configured cost and verifies only the same password', async () => {
    configurePasswordHashing({ hasher: 'worker', memoryKib: 2_048, passes: 1 });
    const hash = await hashPassword('Correct2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=2048,(t=1,p=1|p=1,t=1)\$/);
    expect(await verifyPassword(hash, 'Correct2026')).toBe(true);
    expect(await verifyPassword(hash, 'Correct2027')).toBe(false);
  });

  it('treats a value that is not an argon2 hash as matching nothing', async () => {
    expect(await verifyPassword('!no-password', '!no-password')).toBe(false);
    expect(await verifyPassword('$argon2id$broken', 'x')).toBe(false);
  });

  it.runIf(process.platform === 'linux')('hashes on worker threads of this process at normal priority', async () => {
    const worker = threadHashWorker();
    const hash = await worker.run({ op: 'hash', password: 'Priority2026', options: CHEAP });
    expect(await worker.run({ op: 'verify', hash: String(hash), password: 'Priority2026' })).toBe(true);
    // No thread of the process was lowered (the old hasher ran at nice 19 and starved under load).
    expect(new Set(threadNiceValues())).toEqual(new Set([threadNiceValues()[0]]));
    worker.terminate();
  });
});

describe('the hashing pool', () => {
  it('runs as many jobs as it has workers and queues the rest in arrival order', async () => {
    const workers = heldWorkers();
    const pool = new PasswordHashPool({ size: 2, maxQueueWaitMs: 60_000, createWorker: workers.createWorker });
    const results = ['a', 'b', 'c'].map((password) => pool.run({ op: 'hash', password, options: CHEAP }));
    expect(workers.held.map((entry) => (entry.job as { password: string }).password)).toEqual(['a', 'b']);
    expect(pool.waiting).toBe(1);
    workers.held[0]?.finish('hash-a');
    expect(await results[0]).toBe('hash-a');
    await expect.poll(() => workers.held.length).toBe(3);
    expect((workers.held[2]?.job as { password: string }).password).toBe('c');
    workers.held[1]?.finish('hash-b');
    workers.held[2]?.finish('hash-c');
    expect(await Promise.all(results)).toEqual(['hash-a', 'hash-b', 'hash-c']);
    expect(workers.created()).toBe(2);
  });

  it('refuses a job that waited past the limit, and the running ones still finish', async () => {
    const workers = heldWorkers();
    const pool = new PasswordHashPool({ size: 1, maxQueueWaitMs: 20, createWorker: workers.createWorker });
    const running = pool.run({ op: 'hash', password: 'first', options: CHEAP });
    // The only worker is held: this one can never start within the limit.
    await expect(pool.run({ op: 'hash', password: 'second', options: CHEAP })).rejects.toBeInstanceOf(HashQueueTimeoutError);
    expect(pool.waiting).toBe(0);
    workers.held[0]?.finish('hash-first');
    expect(await running).toBe('hash-first');
  });

  it('replaces a worker whose job failed', async () => {
    const workers = heldWorkers();
    const pool = new PasswordHashPool({ size: 1, maxQueueWaitMs: 60_000, createWorker: workers.createWorker });
    const failing = pool.run({ op: 'hash', password: 'x', options: CHEAP });
    workers.held[0]?.fail(new Error('worker died'));
    await expect(failing).rejects.toThrow('worker died');
    const next = pool.run({ op: 'hash', password: 'y', options: CHEAP });
    workers.held[1]?.finish('hash-y');
    expect(await next).toBe('hash-y');
    expect(workers.created()).toBe(2);
  });

  it('is settled only once no job runs or waits', async () => {
    const workers = heldWorkers();
    const pool = new PasswordHashPool({ size: 1, maxQueueWaitMs: 60_000, createWorker: workers.createWorker });
    await pool.settled();
    const jobs = ['a', 'b'].map((password) => pool.run({ op: 'hash', password, options: CHEAP }));
    let isSettled = false;
    const settled = pool.settled().then(() => (isSettled = true));
    workers.held[0]?.finish('hash-a');
    await jobs[0];
    await expect.poll(() => workers.held.length).toBe(2);
    // 'b' started after 'a' ended: the pool is still busy.
    expect(isSettled).toBe(false);
    workers.held[1]?.finish('hash-b');
    await settled;
    expect(await Promise.all(jobs)).toEqual(['hash-a', 'hash-b']);
  });
});
