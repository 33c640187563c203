import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';

let t: AccountsTestApp;
let ipCounter = 0;
/** Each request from its own address, so the per-address limits of the plugin stay out of the way. */
const nextIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(async () => t.close());

function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    user_name: 'newplayer',
    mobile: '9111111111',
    password: 'Sunrise2026',
    confirm_password: 'Sunrise2026',
    currency: 'INR',
    referal_code: '',
    email: '',
    ...overrides,
  };
}

const signup = (body: Record<string, unknown>) => t.post('user/signup', body, { ip: nextIp() });

async function sendOtp(mobile: string): Promise<string> {
  const res = await t.post('otp/sendOtp', { mobile }, { ip: nextIp() });
  expect(res.statusCode).toBe(200);
  return res.json().data['message-id'] as string;
}

describe('user/signup without OTP (otp_enable 0)', () => {
  beforeEach(async () => {
    await t.setSetting('otp_enable', '0');
    await t.setSetting('sign_up', '1');
  });

  it('creates a sign-up player and logs them in', async () => {
    const res = await signup(signupBody({ user_name: 'fresh_one', mobile: '9111111101', email: 'Fresh@Example.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      user_name: 'fresh_one',
      user_type_id: 7,
      is_signup_user: '1',
      is_change_password: '0',
    });
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('user_name_key', '=', 'fresh_one')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ mobile: '9111111101', email: 'fresh@example.com', is_signup_user: 1, user_type_id: 7 });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    // The token works at once.
    const range = { from: t.clock.now() - 60_000, to: t.clock.now() + 1, page: 1 };
    const log = await t.post('report/activityLog', range, { token: res.json().data.token });
    expect(log.statusCode).toBe(200);
    expect(log.json().data.rows.map((row: { event: string }) => row.event)).toEqual(['login', 'signup']);
  });

  it.each([
    [{ user_name: 'ab' }, 'user_name: Username must be 4 to 20 letters, digits, underscores or hyphens'],
    [{ user_name: 'has space' }, 'user_name: Username must be 4 to 20 letters, digits, underscores or hyphens'],
    [
      { password: 'short1', confirm_password: 'short1' },
      'password: Password Minimum eight characters, at least one letter and one number!',
    ],
    [
      { password: 'onlyletters', confirm_password: 'onlyletters' },
      'password: Password Minimum eight characters, at least one letter and one number!',
    ],
    [
      { password: `a1${'b'.repeat(63)}`, confirm_password: `a1${'b'.repeat(63)}` },
      'password: Password Minimum eight characters, at least one letter and one number!',
    ],
    [{ confirm_password: 'Sunrise2027' }, 'confirm_password: does not match'],
    [{ mobile: '12345' }, 'mobile: Enter a valid mobile number'],
    [{ currency: 'USD' }, "currency: must be 'INR'"],
    [{ email: 'not-an-email' }, 'email: must be an email address'],
    [{ balance: 100 }, null],
  ])('refuses %o with 400 and creates nothing', async (overrides, message) => {
    const res = await signup(signupBody({ user_name: 'refused_1', mobile: '9111111102', ...overrides }));
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    const user = await t.database.db.selectFrom('users').select('id').where('mobile', '=', '9111111102').executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('refuses the most common passwords and one built on the user name', async () => {
    const common = await signup(signupBody({ user_name: 'common_1', password: 'Password123', confirm_password: 'Password123' }));
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/too common/);
    const ownName = await signup(signupBody({ user_name: 'rajesh', password: 'Rajesh2026', confirm_password: 'Rajesh2026' }));
    expect(ownName.statusCode).toBe(400);
    expect(ownName.json().message).toMatch(/must not contain your username/);
  });

  it('refuses a taken user name (any case) and a registered mobile with 409', async () => {
    const name = await signup(signupBody({ user_name: 'PLAYER1', mobile: '9111111103' }));
    expect(name.statusCode).toBe(409);
    expect(name.json().message).toMatch(/taken/);
    const mobile = await signup(signupBody({ user_name: 'another_1', mobile: '9000000001' }));
    expect(mobile.statusCode).toBe(409);
    expect(mobile.json().message).toMatch(/mobile number is already registered/);
  });

  it('stores the referrer when the code names a player, and refuses an unknown code', async () => {
    const ok = await signup(signupBody({ user_name: 'referred_1', mobile: '9111111104', referal_code: 'player1' }));
    expect(ok.statusCode).toBe(200);
    const referrer = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('user_name_key', '=', 'player1')
      .executeTakeFirstOrThrow();
    const user = await t.database.db
      .selectFrom('users')
      .select('referred_by')
      .where('user_name_key', '=', 'referred_1')
      .executeTakeFirstOrThrow();
    expect(user.referred_by).toBe(referrer.id);

    const bad = await signup(signupBody({ user_name: 'referred_2', mobile: '9111111105', referal_code: 'nosuchplayer' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The referral code nosuchplayer is not valid. Check it or leave it empty.');
  });

  it("refuses with 422 when sign_up is '0'", async () => {
    await t.setSetting('sign_up', '0');
    const res = await signup(signupBody({ user_name: 'closed_1', mobile: '9111111106' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'REFUSED', message: 'Sign-up is closed at the moment.' });
  });
});

describe('user/signup with OTP (otp_enable 1)', () => {
  beforeEach(async () => {
    await t.setSetting('otp_enable', '1');
    await t.setSetting('sign_up', '1');
  });

  it('needs the code sent to the mobile, quoted with its request id (internelid)', async () => {
    const mobile = '9222222201';
    const requestId = await sendOtp(mobile);
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    const code = t.sms.lastCodeFor(mobile);
    const missing = await signup(signupBody({ user_name: 'otp_user1', mobile }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter the OTP sent to your mobile.');
    const res = await signup(signupBody({ user_name: 'otp_user1', mobile, internelid: requestId, code }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_name).toBe('otp_user1');
  });

  it('refuses a wrong code and a code sent to another mobile (422 OTP_INVALID)', async () => {
    const mobile = '9222222202';
    const requestId = await sendOtp(mobile);
    const code = t.sms.lastCodeFor(mobile);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await signup(signupBody({ user_name: 'otp_user2', mobile, internelid: requestId, code: wrongCode }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'OTP_INVALID', message: 'The OTP is wrong. 4 tries left.' });
    const otherMobile = await signup(signupBody({ user_name: 'otp_user3', mobile: '9222222203', internelid: requestId, code }));
    expect(otherMobile.statusCode).toBe(422);
    expect(otherMobile.json().code).toBe('OTP_INVALID');
    expect(await t.database.db.selectFrom('users').select('id').where('mobile', 'in', [mobile, '9222222203']).execute()).toEqual(
      [],
    );
  });
});
