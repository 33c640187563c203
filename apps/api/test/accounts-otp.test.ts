import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_TTL_MS } from '../src/modules/otp/otp.service';
import { PASSWORD_RESET_MESSAGE } from '../src/modules/auth/passwords.service';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';

let t: AccountsTestApp;
let ipCounter = 0;
const nextIp = () => `10.3.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(async () => t.close());

async function sendOtp(mobile: string): Promise<string> {
  const res = await t.post('otp/sendOtp', { mobile }, { ip: nextIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data['message-id'] as string;
}

function reset(mobile: string, requestId: string, otp: string, password = 'NewSecret2026') {
  return t.post(
    'user/forgotPassord',
    { mobile, password, confrim_passowrd: password, otp, request_id: requestId },
    { ip: nextIp() },
  );
}

const otherCode = (code: string) => (code === '999999' ? '000000' : String(Number(code) + 1).padStart(6, '0'));

describe('otp/sendOtp', () => {
  it("sends a 6-digit code by SMS and answers data['message-id']", async () => {
    const res = await t.post('otp/sendOtp', { mobile: '9333333301' }, { ip: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: { 'message-id': expect.stringMatching(/^[0-9a-f]{32}$/) } });
    const message = t.sms.messages.at(-1);
    expect(message?.mobile).toBe('9333333301');
    expect(message?.text).toMatch(/^\d{6} is your verification code/);
  });

  it('stores the code only as a hash', async () => {
    const requestId = await sendOtp('9333333302');
    const code = t.sms.lastCodeFor('9333333302');
    const row = await t.database.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('keeps a 60-second cooldown per mobile, then allows another', async () => {
    await sendOtp('9333333303');
    const again = await t.post('otp/sendOtp', { mobile: '9333333303' }, { ip: nextIp() });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(again.json().message).toMatch(/Please wait 60 seconds/);
    // The site's Resend countdown reads the server's own wait.
    expect(again.headers['retry-after']).toBe('60');
    t.clock.advance(61_000);
    await sendOtp('9333333303');
  });

  it('keeps the cooldown under parallel sends: one of 8 at once goes out, the rest are 429', async () => {
    // Open the pool's connections first (PostgreSQL), so the 8 sends really run side by side.
    await Promise.all(Array.from({ length: 10 }, () => sql`select 1`.execute(t.database.db)));
    const before = t.sms.messages.length;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.post('otp/sendOtp', { mobile: '9333333305' }, { ip: nextIp() })),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    expect(t.sms.messages.length - before).toBe(1);
    const stored = await t.database.db.selectFrom('otp_codes').select('id').where('mobile', '=', '9333333305').execute();
    expect(stored).toHaveLength(1);
  });

  it('caps sends per mobile at 5 an hour', async () => {
    for (let i = 0; i < 5; i += 1) {
      await sendOtp('9333333304');
      t.clock.advance(61_000);
    }
    const capped = await t.post('otp/sendOtp', { mobile: '9333333304' }, { ip: nextIp() });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toMatch(/Too many codes were sent to this number/);
    t.clock.advance(60 * 60_000);
    await sendOtp('9333333304');
  });

  it('limits sends per address (429 from the rate-limit plugin)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await t.post('otp/sendOtp', { mobile: `94444444${String(i).padStart(2, '0')}` }, { ip: '10.9.9.9' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('refuses a malformed mobile with 400', async () => {
    const res = await t.post('otp/sendOtp', { mobile: 'abc' }, { ip: nextIp() });
    expect(res.statusCode).toBe(400);
  });
});

describe('user/forgotPassord', () => {
  it('resets the password with the code, ends every session, and the new password works', async () => {
    const token = await t.login('player1', 'Player2026', nextIp());
    const requestId = await sendOtp('9000000001');
    const res = await reset('9000000001', requestId, t.sms.lastCodeFor('9000000001'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: PASSWORD_RESET_MESSAGE, data: {} });
    const old = await t.post('report/activityLog', { from: 0, to: 1, page: 1 }, { token });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('SESSION_EXPIRED');
    const refused = await t.post('user/login', { user_name: 'player1', password: 'Player2026', type: 'C' }, { ip: nextIp() });
    expect(refused.statusCode).toBe(422);
    expect(await t.login('player1', 'NewSecret2026', nextIp())).toBeTruthy();
  });

  it('answers the same for a mobile that has no account', async () => {
    const requestId = await sendOtp('9333333399');
    const res = await reset('9333333399', requestId, t.sms.lastCodeFor('9333333399'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PASSWORD_RESET_MESSAGE);
  });

  it('uses a code once', async () => {
    t.clock.advance(61_000);
    const requestId = await sendOtp('9000000001');
    const code = t.sms.lastCodeFor('9000000001');
    expect((await reset('9000000001', requestId, code, 'Another2026')).statusCode).toBe(200);
    const again = await reset('9000000001', requestId, code, 'Third2026x');
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('OTP_INVALID');
    expect(await t.login('player1', 'Another2026', nextIp())).toBeTruthy();
  });

  it('refuses a code after 5 minutes', async () => {
    t.clock.advance(61_000);
    const requestId = await sendOtp('9000000001');
    const code = t.sms.lastCodeFor('9000000001');
    t.clock.advance(OTP_TTL_MS + 1);
    const res = await reset('9000000001', requestId, code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'OTP_INVALID',
      message: 'The OTP is wrong or has expired. Please request a new code.',
    });
  });

  it('refuses the right code after 5 wrong tries', async () => {
    t.clock.advance(61_000);
    const requestId = await sendOtp('9000000001');
    const code = t.sms.lastCodeFor('9000000001');
    for (let i = 0; i < 5; i += 1) {
      expect((await reset('9000000001', requestId, otherCode(code))).statusCode).toBe(422);
    }
    const right = await reset('9000000001', requestId, code);
    expect(right.statusCode).toBe(422);
    expect(right.json().message).toBe('Too many wrong codes. Please request a new code.');
  });

  it('gives parallel guesses no more than 5 tries between them', async () => {
    t.clock.advance(61_000);
    const requestId = await sendOtp('9000000001');
    const code = t.sms.lastCodeFor('9000000001');
    const guesses = Array.from({ length: 12 }, (_, i) =>
      reset('9000000001', requestId, otherCode(String((Number(code) + i) % 1e6))),
    );
    await Promise.all(guesses);
    const row = await t.database.db
      .selectFrom('otp_codes')
      .select('attempts')
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await reset('9000000001', requestId, code)).statusCode).toBe(422);
  });

  it('refuses a code sent to another mobile', async () => {
    const requestId = await sendOtp('9333333398');
    const res = await reset('9000000001', requestId, t.sms.lastCodeFor('9333333398'));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('OTP_INVALID');
  });

  it('checks the new password: policy, common list and confirmation', async () => {
    const requestId = 'f'.repeat(32);
    const weak = await t.post(
      'user/forgotPassord',
      { mobile: '9000000001', password: 'weak', confrim_passowrd: 'weak', otp: '123456', request_id: requestId },
      { ip: nextIp() },
    );
    expect(weak.statusCode).toBe(400);
    const mismatch = await t.post(
      'user/forgotPassord',
      { mobile: '9000000001', password: 'Good2026x', confrim_passowrd: 'Good2026y', otp: '123456', request_id: requestId },
      { ip: nextIp() },
    );
    expect(mismatch.json().message).toBe('confrim_passowrd: does not match');
    const common = await reset('9000000001', requestId, '123456', 'Welcome123');
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/too common/);
  });
});
