import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURE_LIMIT, PAIR_FAILURE_LIMIT, THROTTLE_WINDOW_MS } from '../src/modules/auth/login-throttle';
import { createUser } from '../src/modules/users/users.service';
import { buildContentSecurityPolicy } from '../src/plugins/security-headers';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';
import { runAdminProcess, testDatabaseKind } from './test-app';

/**
 * No account discovery through sign-up (docs/refusals.md, "Sign-up and account discovery"), no
 * lock-out of an owner by someone who knows the user name, unique emails, an idle limit that never
 * logs an active player out, and the smaller findings. On SQLite and PostgreSQL alike.
 */
let t: AccountsTestApp;
let ipCounter = 0;
const nextIp = () => `10.91.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const RANGE = { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 11, 31), page: 1 };

beforeAll(async () => {
  t = await createAccountsTestApp({ env: { SESSION_IDLE_MINUTES: '1' } });
});
afterAll(async () => t.close());

const login = (user_name: string, password: string, ip: string) =>
  t.post('user/login', { user_name, password, type: 'C' }, { ip });

async function newPlayer(userName: string, password: string, extra: { mobile?: string; email?: string } = {}) {
  await createUser(t.database.db, t.clock, { userName, password, userTypeId: 7, ...extra });
}

describe(`guessing a password cannot lock its owner out (${testDatabaseKind()})`, () => {
  it(`after ${ACCOUNT_FAILURE_LIMIT} wrong passwords from ${ACCOUNT_FAILURE_LIMIT} addresses the owner still logs in from a new address`, async () => {
    await newPlayer('victim_1', 'Victim2026ok');
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) {
      expect((await login('victim_1', 'Wrong2026x', nextIp())).statusCode).toBe(422);
    }
    expect((await login('victim_1', 'Victim2026ok', nextIp())).statusCode).toBe(200);
  });

  it('throttles the guessing address, with Retry-After, and not the owner elsewhere', async () => {
    await newPlayer('victim_2', 'Victim2026ok');
    const guesser = nextIp();
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i += 1) expect((await login('victim_2', 'Wrong2026x', guesser)).statusCode).toBe(422);
    const throttled = await login('victim_2', 'Wrong2026x', guesser);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ status: false, code: 'RATE_LIMITED' });
    expect(Number(throttled.headers['retry-after'])).toBe(THROTTLE_WINDOW_MS / 1000);
    expect((await login('victim_2', 'Victim2026ok', nextIp())).statusCode).toBe(200);
  });

  it('under attack a new address gets one check per window; an address the owner used before keeps its tries', async () => {
    await newPlayer('victim_3', 'Victim2026ok');
    const home = nextIp();
    expect((await login('victim_3', 'Victim2026ok', home)).statusCode).toBe(200);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) await login('victim_3', 'Wrong2026x', nextIp());
    const botnet = nextIp();
    expect((await login('victim_3', 'Wrong2026x', botnet)).statusCode).toBe(422);
    const second = await login('victim_3', 'Wrong2026x', botnet);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/new device gets one try/);
    // The owner at home mistypes twice and still gets in.
    expect((await login('victim_3', 'Typo2026xx', home)).statusCode).toBe(422);
    expect((await login('victim_3', 'Typo2026xx', home)).statusCode).toBe(422);
    expect((await login('victim_3', 'Victim2026ok', home)).statusCode).toBe(200);
  });

  it(`of 40 parallel guesses from one address only ${PAIR_FAILURE_LIMIT} are checked`, async () => {
    await newPlayer('victim_4', 'Victim2026ok');
    const ip = nextIp();
    const results = await Promise.all(Array.from({ length: 40 }, () => login('victim_4', 'Wrong2026x', ip)));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(PAIR_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - PAIR_FAILURE_LIMIT);
    expect((await login('victim_4', 'Victim2026ok', nextIp())).statusCode).toBe(200);
  });
});

function signupBody(overrides: Record<string, unknown>) {
  return {
    user_name: 'probe_user',
    mobile: '9300000001',
    password: 'Sunrise2026',
    confirm_password: 'Sunrise2026',
    currency: 'INR',
    ...overrides,
  };
}

describe('sign-up does not tell whether a mobile or an email is registered', () => {
  const registered = '9300000099';
  beforeAll(async () => {
    await newPlayer('owner_m', 'OwnerM2026x', { mobile: registered, email: 'owner@example.com' });
  });

  it('OTP off: a registered mobile answers like a new one until every other check has passed', async () => {
    await t.setSetting('otp_enable', '0');
    for (const mobile of [registered, '9300000002']) {
      const badReferral = await t.post('user/signup', signupBody({ mobile, referal_code: 'nobody_at_all' }), { ip: nextIp() });
      expect(badReferral.statusCode).toBe(400);
      expect(badReferral.json().message).toMatch(/referral code/);
      const common = await t.post(
        'user/signup',
        signupBody({ mobile, password: 'Password123', confirm_password: 'Password123' }),
        {
          ip: nextIp(),
        },
      );
      expect(common.statusCode).toBe(400);
    }
  });

  it('OTP on: nothing depends on the mobile until the code is verified', async () => {
    await t.setSetting('otp_enable', '1');
    const noCode = await t.post('user/signup', signupBody({ mobile: registered }), { ip: nextIp() });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe('Please enter the OTP sent to your mobile.');
    const send = await t.post('otp/sendOtp', { mobile: registered }, { ip: nextIp() });
    const requestId = send.json().data['message-id'] as string;
    const code = t.sms.lastCodeFor(registered);
    const wrong = await t.post(
      'user/signup',
      signupBody({ mobile: registered, internelid: requestId, code: code === '000000' ? '111111' : '000000' }),
      { ip: nextIp() },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('OTP_INVALID');
    // The code proves the mobile: now its owner may learn it has an account.
    const proven = await t.post('user/signup', signupBody({ mobile: registered, internelid: requestId, code }), { ip: nextIp() });
    expect(proven.statusCode).toBe(409);
    expect(proven.json().message).toMatch(/mobile number is already registered/);
    await t.setSetting('otp_enable', '0');
  });

  it("refuses another player's email in any case, and their login by email keeps working", async () => {
    await t.setSetting('otp_enable', '0');
    const taken = await t.post(
      'user/signup',
      signupBody({ user_name: 'copycat', mobile: '9300000003', email: 'OWNER@Example.com' }),
      {
        ip: nextIp(),
      },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/email address is already registered/);
    expect((await login('Owner@Example.COM', 'OwnerM2026x', nextIp())).statusCode).toBe(200);
  });

  it('the database refuses a second account with the same email in another case', async () => {
    await newPlayer('email_a', 'EmailA2026x', { email: 'same@example.com' });
    await expect(newPlayer('email_b', 'EmailB2026x', { email: 'SAME@example.com' })).rejects.toMatchObject({ code: 'CONFLICT' });
    const insert = t.database.db
      .insertInto('users')
      .values({
        user_name: 'email_c',
        user_name_key: 'email_c',
        password_hash: '!',
        user_type_id: 7,
        parent_id: null,
        mobile: null,
        email: 'Same@Example.com',
        created_at: t.clock.now(),
        current_session_id: null,
        referred_by: null,
      })
      .execute();
    await expect(insert).rejects.toThrow();
  });
});

describe('idle limit of 1 minute', () => {
  it('never logs out a player who calls every 50 seconds, and ends a session left alone', async () => {
    await newPlayer('busy_bee', 'BusyBee2026x');
    const token = await t.login('busy_bee', 'BusyBee2026x', nextIp());
    for (let i = 0; i < 8; i += 1) {
      t.clock.advance(50_000);
      expect((await t.post('report/activityLog', RANGE, { token })).statusCode).toBe(200);
    }
    t.clock.advance(2 * 60_000);
    const idle = await t.post('report/activityLog', RANGE, { token });
    expect(idle.statusCode).toBe(401);
    expect(idle.json().code).toBe('SESSION_EXPIRED');
  });
});

describe('stake button names', () => {
  it.each([
    ['a right-to-left override', 'abc\u202Efed'],
    ['a zero-width space', '1\u200BK'],
    ['a zero-width joiner', 'a\u200Db'],
  ])('refuses %s with 400 and keeps the saved buttons', async (_what, name) => {
    await newPlayer(`btn_${++ipCounter}`, 'Buttons2026x');
    const token = await t.login(`btn_${ipCounter}`, 'Buttons2026x', nextIp());
    const res = await t.post('user/setButtonValue', [{ button_name: name, button_value: 100, type: 'Game' }], { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('0.button_name: Button name has characters that are not allowed');
    const saved = await t.app.inject({
      method: 'GET',
      url: '/api/user/getButtonValue',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.json().data).not.toContain(name);
  });
});

describe('the smaller findings', () => {
  it('the content security policy allows no inline styles', () => {
    const policy = buildContentSecurityPolicy({ frameHosts: [] });
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('`admin user create` applies the password policy of set-password', { timeout: 60_000 }, async () => {
    const common = await runAdminProcess(
      t.databaseEnv,
      'user',
      'create',
      '--name',
      'cli_common',
      '--password',
      'Password123',
      '--type',
      '7',
    );
    expect(common.code).not.toBe(0);
    expect(common.stderr).toMatch(/too common/);
    const ownName = await runAdminProcess(
      t.databaseEnv,
      'user',
      'create',
      '--name',
      'rakesh',
      '--password',
      'Rakesh2026',
      '--type',
      '7',
    );
    expect(ownName.code).not.toBe(0);
    expect(ownName.stderr).toMatch(/must not contain your username/);
    const created = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('user_name_key', 'in', ['cli_common', 'rakesh'])
      .execute();
    expect(created).toEqual([]);
  });
});
