import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurePasswordHashing, hashPassword } from '../src/modules/users/password';
import type { HashJob, HashWorker } from '../src/modules/users/password-pool';
import { createUser } from '../src/modules/users/users.service';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';
import { testDatabaseKind } from './test-app';

/**
 * Bounded login latency (docs/accounts.md, "Passwords"): when password hashing is queued past its
 * limit, login answers 503 with Retry-After and a clear message at once, instead of hanging until
 * the request times out; the refused attempt costs the player no throttle allowance. The hashing
 * worker is held by the test, so the queue is full by construction, not by timing luck.
 */
let t: AccountsTestApp;

beforeAll(async () => {
  t = await createAccountsTestApp();
  await createUser(t.database.db, t.clock, { userName: 'queued_1', password: 'Queued2026x', userTypeId: 7 });
});
afterAll(async () => {
  configurePasswordHashing({ hasher: 'worker', memoryKib: 1_024, passes: 1 });
  await t.close();
});

describe(`login while password hashing is saturated (${testDatabaseKind()})`, () => {
  it('answers 503 with Retry-After and a clear message, then logs in once hashing is free', async () => {
    const held: { job: HashJob; finish: (value: string | boolean) => void }[] = [];
    const heldWorker = (): HashWorker => ({
      run: (job) => new Promise((finish) => held.push({ job, finish })),
      terminate: () => undefined,
    });
    configurePasswordHashing({ hasher: 'worker', concurrency: 1, queueWaitMs: 50, createWorker: heldWorker });
    // Another login's hash holds the only worker.
    const busy = hashPassword('Occupying2026');

    const res = await t.post('user/login', { user_name: 'queued_1', password: 'Queued2026x', type: 'C' }, { ip: '10.95.0.1' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Many players are logging in right now. Please try again in a few seconds.',
    });
    expect(res.headers['retry-after']).toBe('1');
    // No check ran: nothing was counted against the address or the account.
    const counters = await t.database.db.selectFrom('login_throttle').select(['throttle_key', 'attempts']).execute();
    expect(counters.filter((row) => row.attempts > 0 && row.throttle_key.includes('10.95.0.1'))).toEqual([]);

    held[0]?.finish('$argon2id$held');
    await busy;
    configurePasswordHashing({ hasher: 'worker', memoryKib: 1_024, passes: 1 });
    const again = await t.post('user/login', { user_name: 'queued_1', password: 'Queued2026x', type: 'C' }, { ip: '10.95.0.1' });
    expect(again.statusCode).toBe(200);
  });
});
