import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorsService, OPERATOR_LOCK_AFTER_FAILURES, totpCode, totpStep } from '../src/modules/operators';
import { type ConsoleTestApp, createConsoleTestApp, OPERATOR_PASSWORD } from './console-support';
import { testDatabaseKind } from './test-app';

/**
 * Console login (docs/operators.md): password and a TOTP code (RFC 6238), each code accepted once,
 * a lock-out of an address after failures, a rate limit per address, and a short idle time.
 */
let t: ConsoleTestApp;
const STEP_MS = 30_000;

beforeAll(async () => {
  t = await createConsoleTestApp({ env: { OPERATOR_IDLE_MINUTES: '5' } });
}, 60_000);
afterAll(async () => t.close());

async function newSecret(name: string, role: 'owner' | 'finance' | 'trader' | 'support' = 'support') {
  return (await createOperatorsService(t.database.db, t.clock).create({ name, password: OPERATOR_PASSWORD, role })).secret;
}

describe(`console login (${testDatabaseKind()})`, () => {
  it('computes the RFC 6238 test vector (SHA-1, 59 s → 94287082, 6 digits 287082)', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect(totpCode(secret, totpStep(59_000))).toBe('287082');
  });

  it('logs in with password and code, answering {token, role}; a wrong code is refused', async () => {
    const secret = await newSecret('login-a', 'trader');
    t.clock.advance(STEP_MS);
    const code = t.totpNow(secret);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await t.adminLogin({ user_name: 'login-a', password: OPERATOR_PASSWORD, totp: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ status: false, code: 'INVALID_CREDENTIALS' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const ok = await t.adminLogin({ user_name: 'login-a', password: OPERATOR_PASSWORD, totp: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ role: 'trader', user_name: 'login-a' });
    expect(ok.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ok.headers['cache-control']).toBe('no-store');
    const me = await t.admin('admin/me', {}, ok.json().data.token);
    expect(me.json().data).toMatchObject({ user_name: 'login-a', role: 'trader' });
    // A wrong password with the right code is refused the same way.
    t.clock.advance(STEP_MS);
    const badPassword = await t.adminLogin({ user_name: 'login-a', password: 'not-the-password', totp: t.totpNow(secret) });
    expect(badPassword.statusCode).toBe(422);
  });

  it('refuses a used code a second time, and an older code once a newer one was used', async () => {
    const secret = await newSecret('login-b');
    t.clock.advance(STEP_MS);
    const code = t.totpNow(secret);
    const first = await t.adminLogin({ user_name: 'login-b', password: OPERATOR_PASSWORD, totp: code });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await t.adminLogin({ user_name: 'login-b', password: OPERATOR_PASSWORD, totp: code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().code).toBe('INVALID_CREDENTIALS');
    // Next step: a new code works; the previous step's (still within the drift) does not.
    t.clock.advance(STEP_MS);
    const previous = totpCode(secret, totpStep(t.clock.now()) - 1);
    expect((await t.adminLogin({ user_name: 'login-b', password: OPERATOR_PASSWORD, totp: previous })).statusCode).toBe(422);
    expect((await t.adminLogin({ user_name: 'login-b', password: OPERATOR_PASSWORD, totp: t.totpNow(secret) })).statusCode).toBe(
      200,
    );
  });

  it('locks an address out after failed logins of an operator from it, even with the right password and code', async () => {
    const secret = await newSecret('login-c');
    const ip = '10.98.0.1';
    for (let i = 0; i < OPERATOR_LOCK_AFTER_FAILURES; i++) {
      const res = await t.adminLogin({ user_name: 'login-c', password: 'wrong-password', totp: '000000' }, ip);
      expect(res.statusCode).toBe(422);
    }
    t.clock.advance(STEP_MS);
    const locked = await t.adminLogin({ user_name: 'login-c', password: OPERATOR_PASSWORD, totp: t.totpNow(secret) }, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(16 * 60_000);
    expect(
      (await t.adminLogin({ user_name: 'login-c', password: OPERATOR_PASSWORD, totp: t.totpNow(secret) }, ip)).statusCode,
    ).toBe(200);
  });

  it('rate-limits console login per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await t.adminLogin({ user_name: 'nobody-here', password: 'x', totp: '123456' }, '10.99.0.1')).statusCode);
    }
    expect(codes.slice(0, 10).every((code) => code === 422)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('ends a console session after the idle time (OPERATOR_IDLE_MINUTES), and answers 401', async () => {
    const op = await t.newOperator('login-d', 'support');
    t.clock.advance(4 * 60_000);
    expect((await t.admin('admin/me', {}, op.token)).statusCode).toBe(200);
    t.clock.advance(4 * 60_000);
    expect((await t.admin('admin/me', {}, op.token)).statusCode).toBe(200);
    t.clock.advance(6 * 60_000);
    const idle = await t.admin('admin/me', {}, op.token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().code).toBe('SESSION_EXPIRED');
  });
});
