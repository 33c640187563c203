import { TERMS_VERSION } from '@app/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';

/**
 * docs/accounts.md "Sign-up, demo and referral": the age (18+) and terms confirmation is an
 * optional field of user/signup. Sent yes, it is recorded with the account (when, which terms);
 * sent no, sign-up is refused and nothing is created; left out (an older caller), the account is
 * created with no confirmation recorded.
 */
let t: AccountsTestApp;
let ipCounter = 0;
const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.setSetting('otp_enable', '0');
  await t.setSetting('sign_up', '1');
});

function signupBody(name: string, mobile: string, extra: Record<string, unknown> = {}) {
  return {
    user_name: name,
    mobile,
    password: 'Sunrise2026',
    confirm_password: 'Sunrise2026',
    currency: 'INR',
    referal_code: '',
    email: '',
    ...extra,
  };
}

const signup = (body: Record<string, unknown>) => t.post('user/signup', body, { ip: nextIp() });
const userRow = (name: string) =>
  t.database.db
    .selectFrom('users')
    .select(['age_terms_confirmed_at', 'terms_version'])
    .where('user_name', '=', name)
    .executeTakeFirst();

describe('the age and terms confirmation of sign-up', () => {
  it('is recorded with the account when confirmed (true or 1): the time and the terms accepted', async () => {
    const res = await signup(signupBody('adult01', '9333000001', { age_terms_confirmed: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await userRow('adult01')).toEqual({ age_terms_confirmed_at: t.clock.now(), terms_version: TERMS_VERSION });
    const asNumber = await signup(signupBody('adult02', '9333000002', { age_terms_confirmed: 1 }));
    expect(asNumber.statusCode, asNumber.body).toBe(200);
    expect((await userRow('adult02'))?.terms_version).toBe(TERMS_VERSION);
  });

  it('refuses an unticked confirmation with a clear message, and creates nothing', async () => {
    for (const value of [false, 0]) {
      const res = await signup(signupBody('minor01', '9333000003', { age_terms_confirmed: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
      expect(res.json().message).toContain('18 or older');
    }
    const other = await signup(signupBody('minor01', '9333000003', { age_terms_confirmed: 'yes' }));
    expect(other.statusCode).toBe(400);
    expect(await userRow('minor01')).toBeUndefined();
  });

  it('lets a caller that leaves it out sign up as before, recording no confirmation', async () => {
    const res = await signup(signupBody('older01', '9333000004'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ user_name: 'older01', is_signup_user: '1' });
    expect(await userRow('older01')).toEqual({ age_terms_confirmed_at: null, terms_version: null });
  });
});
