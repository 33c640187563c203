import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/seed/seed';
import { createUser } from '../src/modules/users/users.service';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';

const PLAYER = DEMO_ACCOUNTS.player;
const RANGE = { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 11, 31) };
let t: AccountsTestApp;

beforeAll(async () => {
  t = await createAccountsTestApp({ env: { SESSION_IDLE_MINUTES: '30' } });
});
afterAll(async () => t.close());

/** An authenticated call that counts as activity. */
function activity(token?: string) {
  return t.post('report/activityLog', { ...RANGE, page: 1 }, token ? { token } : {});
}

describe('user/login', () => {
  it('answers a token and the user fields of docs/product.md §3', async () => {
    const res = await t.post('user/login', { user_name: PLAYER.userName, password: PLAYER.password, type: 'C' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.data).toMatchObject({
      user_name: 'player1',
      user_type_id: 7,
      parent_id: null,
      is_signup_user: '1',
      is_change_password: '0',
      is_demo: '0',
      chat_url: '',
    });
    expect(body.data.user_id).toEqual(expect.any(Number));
    // 256 random bits, base64url.
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('takes the user name in any letter case', async () => {
    expect(await t.login('PLAYER1', PLAYER.password)).toBeTruthy();
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login(PLAYER.userName, PLAYER.password);
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('refuses a wrong password with 422 and the same words as an unknown user', async () => {
    const wrong = await t.post(
      'user/login',
      { user_name: PLAYER.userName, password: 'Wrong12345', type: 'C' },
      { ip: '10.0.0.9' },
    );
    const unknown = await t.post(
      'user/login',
      { user_name: 'nobody_here', password: 'Wrong12345', type: 'C' },
      { ip: '10.0.0.9' },
    );
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ status: false, code: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' });
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('lets only customers (type 7) in: others get the server refusal, 422', async () => {
    await createUser(t.database.db, t.clock, { userName: 'agent01', password: 'Agent2026x', userTypeId: 3 });
    const res = await t.post('user/login', { user_name: 'agent01', password: 'Agent2026x', type: 'C' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'REFUSED', message: 'Only player accounts can log in on this site.' });
    const agentId = await userId('agent01');
    expect(await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', agentId).execute()).toHaveLength(0);
  });

  it("refuses a type other than 'C' and unknown fields with 400", async () => {
    const wrongType = await t.post('user/login', { user_name: PLAYER.userName, password: PLAYER.password, type: 'A' });
    expect(wrongType.statusCode).toBe(400);
    const extra = await t.post('user/login', {
      user_name: PLAYER.userName,
      password: PLAYER.password,
      type: 'C',
      user_type_id: 1,
    });
    expect(extra.statusCode).toBe(400);
    const missing = await t.post('user/login', { user_name: PLAYER.userName, type: 'C' });
    expect(missing.json().message).toBe('password: is required');
  });
});

async function userId(name: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('user_name_key', '=', name.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('sessions', () => {
  it('answers 401 SESSION_EXPIRED without a token or with an unknown one', async () => {
    const none = await activity();
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('SESSION_EXPIRED');
    const unknown = await activity('not-a-real-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('SESSION_EXPIRED');
  });

  it('ends the older session at a new login: it answers 401 LOGGED_IN_ELSEWHERE', async () => {
    const first = await t.login(PLAYER.userName, PLAYER.password);
    expect((await activity(first)).statusCode).toBe(200);
    const second = await t.login(PLAYER.userName, PLAYER.password);
    const refused = await activity(first);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ status: false, code: 'LOGGED_IN_ELSEWHERE' });
    expect((await activity(second)).statusCode).toBe(200);
  });

  // Each from its own address: every one is checked (docs/refusals.md, Throttling).
  it('leaves exactly one live session after 20 parallel logins of one user', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.post('user/login', { user_name: PLAYER.userName, password: PLAYER.password, type: 'C' }, { ip: `10.1.0.${i + 1}` }),
      ),
    );
    // None is let in unchecked: each answer is a login or a refusal.
    const statuses = responses.map((res) => res.statusCode);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    const accepted = responses.filter((res) => res.statusCode === 200);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    const tokens = accepted.map((res) => res.json().data.token as string);
    const answers = await Promise.all(tokens.map((token) => activity(token)));
    const live = answers.filter((res) => res.statusCode === 200);
    expect(live).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('LOGGED_IN_ELSEWHERE');
    }
  });

  it('ends the calling session at logout (401 SESSION_EXPIRED after)', async () => {
    const token = await t.login(PLAYER.userName, PLAYER.password);
    const res = await t.post('user/logout', {}, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: {} });
    const after = await activity(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_EXPIRED');
  });

  it('expires a session after the idle time; activity keeps it alive', async () => {
    const token = await t.login(PLAYER.userName, PLAYER.password);
    t.clock.advance(20 * 60_000);
    expect((await activity(token)).statusCode).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await activity(token)).statusCode).toBe(200);
    // The idle limit plus the last-seen write interval (a minute): never early, at most that late.
    t.clock.advance(32 * 60_000);
    const expired = await activity(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SESSION_EXPIRED');
  });
});
