import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedAccount } from '../src/modules/auth/account-hooks';
import { createUser } from '../src/modules/users/users.service';
import {
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  PAIR_FAILURE_LIMIT,
  purgeExpiredThrottles,
  THROTTLE_WINDOW_MS,
} from '../src/modules/auth/login-throttle';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';

let t: AccountsTestApp;
const created: CreatedAccount[] = [];
const RANGE = { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 11, 31), page: 1 };

beforeAll(async () => {
  t = await createAccountsTestApp({
    deps: {
      accountHooks: {
        async onUserCreated(_db, account) {
          created.push(account);
        },
      },
    },
  });
});
afterAll(async () => t.close());

const login = (user_name: string, password: string, ip: string) =>
  t.post('user/login', { user_name, password, type: 'C' }, { ip });

describe('user/demoLogin', () => {
  it("gives each demo login its own play-money account, so demo players don't log each other out", async () => {
    const first = await t.post('user/demoLogin', { user_name: 'demo' });
    const second = await t.post('user/demoLogin', { user_name: 'demo' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ is_demo: '1', is_signup_user: '0', user_type_id: 7 });
    expect(first.json().data.user_name).toMatch(/^demo-[0-9a-f]{6}$/);
    expect(second.json().data.user_name).not.toBe(first.json().data.user_name);
    for (const res of [first, second]) {
      expect((await t.post('report/activityLog', RANGE, { token: res.json().data.token })).statusCode).toBe(200);
    }
    // The wallet's hook runs for each, marked as demo.
    expect(created.slice(-2)).toEqual([
      { userId: first.json().data.user_id, isDemo: true, isSignupUser: false },
      { userId: second.json().data.user_id, isDemo: true, isSignupUser: false },
    ]);
  });

  it('creates an account nobody can log in to with a password', async () => {
    const res = await t.post('user/demoLogin', {});
    const name = res.json().data.user_name as string;
    const attempt = await login(name, '', '10.5.0.1');
    expect(attempt.statusCode).toBe(400);
    const guess = await login(name, 'Anything2026', '10.5.0.1');
    expect(guess.statusCode).toBe(422);
  });

  it("is refused with 422 when demo is '0', and a user_name other than 'demo' is 400", async () => {
    expect((await t.post('user/demoLogin', { user_name: 'player1' })).statusCode).toBe(400);
    await t.setSetting('demo', '0');
    const res = await t.post('user/demoLogin', { user_name: 'demo' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'REFUSED', message: 'Demo play is switched off.' });
    await t.setSetting('demo', '1');
  });
});

describe('login throttling', () => {
  it(`after ${ACCOUNT_FAILURE_LIMIT} failures from any addresses, a new address gets one check per window`, async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) {
      expect((await login('player1', 'Wrong2026x', `10.6.0.${i + 1}`)).statusCode).toBe(422);
    }
    expect((await login('player1', 'Wrong2026x', '10.6.1.1')).statusCode).toBe(422);
    const limited = await login('player1', 'Player2026', '10.6.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/a new device gets one try every 15 minutes/);
    // The owner from another new address is checked, and logs in.
    expect((await login('player1', 'Player2026', '10.6.1.2')).statusCode).toBe(200);
    t.clock.advance(THROTTLE_WINDOW_MS + 1);
    expect((await login('player1', 'Player2026', '10.6.1.1')).statusCode).toBe(200);
  });

  it('forgets counters whose window has passed, and keeps counting the live ones', async () => {
    const counters = () =>
      t.database.db
        .selectFrom('login_throttle')
        .select(['throttle_key', 'attempts'])
        .where('throttle_key', 'like', '%10.6.9.%')
        .execute();
    await login('player1', 'Wrong2026x', '10.6.9.1');
    t.clock.advance(THROTTLE_WINDOW_MS + 1);
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT - 1; i += 1) await login('nobody_here', 'Wrong2026x', '10.6.9.2');
    expect(await purgeExpiredThrottles(t.database.db, t.clock)).toBeGreaterThanOrEqual(1);
    // The passed window of 10.6.9.1 is gone; the live one of 10.6.9.2 still counts.
    expect(await counters()).toEqual([
      { throttle_key: expect.stringContaining('10.6.9.2'), attempts: ADDRESS_FAILURE_LIMIT - 1 },
    ]);
    expect((await login('nobody_here', 'Wrong2026x', '10.6.9.2')).statusCode).toBe(422);
    expect((await login('nobody_here', 'Wrong2026x', '10.6.9.2')).statusCode).toBe(429);
    // A purged window is a fresh start, not a refusal.
    expect((await login('player1', 'Player2026', '10.6.9.1')).statusCode).toBe(200);
  });

  it('starts the count afresh after a good login', async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i += 1) await login('player1', 'Wrong2026x', `10.6.2.${10 + i}`);
    expect((await login('player1', 'Player2026', '10.6.2.2')).statusCode).toBe(200);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i += 1) await login('player1', 'Wrong2026x', `10.6.3.${10 + i}`);
    expect((await login('player1', 'Player2026', '10.6.2.2')).statusCode).toBe(200);
  });

  it(`blocks an address after ${ADDRESS_FAILURE_LIMIT} failures across any names`, async () => {
    t.clock.advance(THROTTLE_WINDOW_MS + 1);
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i += 1) {
      expect((await login(`guess_${i}`, 'Wrong2026x', '10.7.0.1')).statusCode).toBe(422);
    }
    const blocked = await login('player1', 'Player2026', '10.7.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/from your network/);
    expect((await login('player1', 'Player2026', '10.7.0.2')).statusCode).toBe(200);
  });

  it(`lets only ${PAIR_FAILURE_LIMIT} of 40 parallel wrong passwords for one account from one address be checked`, async () => {
    await createUser(t.database.db, t.clock, { userName: 'parallel1', password: 'Parallel2026', userTypeId: 7 });
    const results = await Promise.all(Array.from({ length: 40 }, () => login('parallel1', 'Wrong2026x', '10.10.0.1')));
    const codes = results.map((res) => res.json().code as string);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(PAIR_FAILURE_LIMIT);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(40 - PAIR_FAILURE_LIMIT);
    expect(results.every((res) => res.statusCode === (res.json().code === 'RATE_LIMITED' ? 429 : 422))).toBe(true);
    // The right password waits for the window from that address; the owner elsewhere logs in.
    expect((await login('parallel1', 'Parallel2026', '10.10.0.1')).statusCode).toBe(429);
    expect((await login('parallel1', 'Parallel2026', '10.10.1.1')).statusCode).toBe(200);
  });

  it(`lets only ${ADDRESS_FAILURE_LIMIT} of 40 parallel wrong logins from one address be checked`, async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`nobody_${i}`, 'Wrong2026x', '10.11.0.1')));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(ADDRESS_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - ADDRESS_FAILURE_LIMIT);
    expect((await login('player1', 'Player2026', '10.11.0.1')).json().message).toMatch(/from your network/);
  });

  it('limits raw login calls per address (rate-limit plugin, 429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      // Malformed on purpose: the plugin counts calls before the body is even read.
      const res = await t.post('user/login', { user_name: 'x' }, { ip: '10.8.0.1' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(400));
    expect(statuses.at(-1)).toBe(429);
  });
});
