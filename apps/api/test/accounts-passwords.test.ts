import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/modules/users/users.service';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';

let t: AccountsTestApp;
let ipCounter = 0;
const nextIp = () => `10.4.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const RANGE = { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 11, 31), page: 1 };

beforeAll(async () => {
  t = await createAccountsTestApp();
  await createUser(t.database.db, t.clock, { userName: 'changer', password: 'Changer2026', userTypeId: 7 });
  await createUser(t.database.db, t.clock, { userName: 'bystander', password: 'Bystander2026', userTypeId: 7 });
  await createUser(t.database.db, t.clock, { userName: 'subacct', password: 'SubAcct2026', userTypeId: 7, parentId: -1 });
  await createUser(t.database.db, t.clock, {
    userName: 'forced',
    password: 'Temporary2026',
    userTypeId: 7,
    mustChangePassword: true,
  });
});
afterAll(async () => t.close());

function change(path: 'user/updatePassword' | 'user/firstTimeUpdatePassword', token: string, body: Record<string, unknown>) {
  return t.post(path, body, { token, ip: nextIp() });
}

describe('user/updatePassword', () => {
  it('refuses a wrong old password with 422 and changes nothing', async () => {
    const token = await t.login('changer', 'Changer2026', nextIp());
    const res = await change('user/updatePassword', token, {
      old_password: 'Wrong2026x',
      new_password: 'Fresh2026x',
      confirm_password: 'Fresh2026x',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'The old password is wrong.' });
    // Still logged in: a wrong old password is not a session problem.
    expect((await t.post('report/activityLog', RANGE, { token })).statusCode).toBe(200);
  });

  it("changes the token user's password only, whatever user_id or user_name the body names", async () => {
    const token = await t.login('changer', 'Changer2026', nextIp());
    const bystander = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('user_name_key', '=', 'bystander')
      .executeTakeFirstOrThrow();
    const res = await change('user/updatePassword', token, {
      old_password: 'Changer2026',
      new_password: 'Fresh2026x',
      confirm_password: 'Fresh2026x',
      transaction_code: '',
      user_name: 'bystander',
      user_id: bystander.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: {} });
    expect(await t.login('bystander', 'Bystander2026', nextIp())).toBeTruthy();
    expect(await t.login('changer', 'Fresh2026x', nextIp())).toBeTruthy();
  });

  it('ends every session of the user, the calling one included', async () => {
    const token = await t.login('changer', 'Fresh2026x', nextIp());
    const res = await change('user/updatePassword', token, {
      old_password: 'Fresh2026x',
      new_password: 'Fresher2026',
      confirm_password: 'Fresher2026',
    });
    expect(res.statusCode).toBe(200);
    const after = await t.post('report/activityLog', RANGE, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_EXPIRED');
    const user = await t.database.db
      .selectFrom('users')
      .select(['id', 'current_session_id'])
      .where('user_name_key', '=', 'changer')
      .executeTakeFirstOrThrow();
    expect(user.current_session_id).toBeNull();
    const open = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });

  it('applies the policy to the new password (400) and refuses the same password', async () => {
    const token = await t.login('changer', 'Fresher2026', nextIp());
    const weak = await change('user/updatePassword', token, {
      old_password: 'Fresher2026',
      new_password: 'abc',
      confirm_password: 'abc',
    });
    expect(weak.statusCode).toBe(400);
    const same = await change('user/updatePassword', token, {
      old_password: 'Fresher2026',
      new_password: 'Fresher2026',
      confirm_password: 'Fresher2026',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('The new password must be different from the old one.');
    const mismatch = await change('user/updatePassword', token, {
      old_password: 'Fresher2026',
      new_password: 'Other2026x',
      confirm_password: 'Other2026y',
    });
    expect(mismatch.json().message).toBe('confirm_password: does not match');
  });

  it('is refused to sub accounts (parent_id -1) with 422', async () => {
    const token = await t.login('subacct', 'SubAcct2026', nextIp());
    const res = await change('user/updatePassword', token, {
      old_password: 'SubAcct2026',
      new_password: 'Changed2026',
      confirm_password: 'Changed2026',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('REFUSED');
  });

  it('is refused to sub accounts through firstTimeUpdatePassword too, unless a change is required', async () => {
    const token = await t.login('subacct', 'SubAcct2026', nextIp());
    const res = await change('user/firstTimeUpdatePassword', token, {
      old_password: 'SubAcct2026',
      new_password: 'Changed2026',
      confirm_password: 'Changed2026',
      user_type: 'C',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'REFUSED', message: expect.stringMatching(/does not need a first-time change/) });
    // The old password still works: nothing changed.
    expect(await t.login('subacct', 'SubAcct2026', nextIp())).toEqual(expect.any(String));
  });

  it('needs a session (401 without one)', async () => {
    const res = await t.post('user/updatePassword', {
      old_password: 'a',
      new_password: 'Abcdefg1',
      confirm_password: 'Abcdefg1',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("forced password change (is_change_password '1')", () => {
  it('logs in with the flag, refuses other calls with 422 until firstTimeUpdatePassword', async () => {
    const res = await t.post('user/login', { user_name: 'forced', password: 'Temporary2026', type: 'C' }, { ip: nextIp() });
    expect(res.json().data.is_change_password).toBe('1');
    const token = res.json().data.token as string;
    const blocked = await t.post('report/activityLog', RANGE, { token });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    // The header's balance keeps working while the change is pending.
    expect((await t.post('user/getUserBalance', {}, { token })).statusCode).toBe(200);
    const changed = await change('user/firstTimeUpdatePassword', token, {
      old_password: 'Temporary2026',
      new_password: 'MyOwn2026x',
      confirm_password: 'MyOwn2026x',
      user_type: 'C',
    });
    expect(changed.statusCode).toBe(200);
    const relogin = await t.post('user/login', { user_name: 'forced', password: 'MyOwn2026x', type: 'C' }, { ip: nextIp() });
    expect(relogin.json().data.is_change_password).toBe('0');
    expect((await t.post('report/activityLog', RANGE, { token: relogin.json().data.token })).statusCode).toBe(200);
  });

  it('still lets the user log out', async () => {
    await createUser(t.database.db, t.clock, {
      userName: 'forced2',
      password: 'Temporary2026',
      userTypeId: 7,
      mustChangePassword: true,
    });
    const token = await t.login('forced2', 'Temporary2026', nextIp());
    expect((await t.post('user/logout', {}, { token })).statusCode).toBe(200);
  });
});
