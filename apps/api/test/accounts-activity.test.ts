import { ACTIVITY_PAGE_SIZE } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/modules/users/users.service';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';

let t: AccountsTestApp;
let start = 0;

beforeAll(async () => {
  t = await createAccountsTestApp();
  start = t.clock.now();
  await createUser(t.database.db, t.clock, { userName: 'watcher', password: 'Lantern2026', userTypeId: 7 });
});
afterAll(async () => t.close());

const PHONE = 'Mozilla/5.0 (Linux; Android 14) Mobile';

function log(token: string, body: Record<string, unknown>) {
  return t.post('report/activityLog', body, { token });
}

describe('report/activityLog', () => {
  it('records logins, failed logins, logouts and password changes with time, address and device, newest first', async () => {
    await t.post(
      'user/login',
      { user_name: 'watcher', password: 'Wrong2026x', type: 'C' },
      { ip: '203.0.113.7', userAgent: PHONE },
    );
    t.clock.advance(1_000);
    const first = await t.post(
      'user/login',
      { user_name: 'watcher', password: 'Lantern2026', type: 'C' },
      { ip: '203.0.113.7', userAgent: PHONE },
    );
    t.clock.advance(1_000);
    await t.post('user/logout', {}, { token: first.json().data.token, ip: '203.0.113.7', userAgent: PHONE });
    t.clock.advance(1_000);
    const token = await t.login('watcher', 'Lantern2026', '198.51.100.2');
    t.clock.advance(1_000);
    await t.post(
      'user/updatePassword',
      { old_password: 'Lantern2026', new_password: 'Lantern2027', confirm_password: 'Lantern2027' },
      { token, ip: '198.51.100.2' },
    );
    const again = await t.login('watcher', 'Lantern2027', '198.51.100.2');

    const res = await log(again, { from: start, to: t.clock.now() + 1, page: 1 });
    expect(res.statusCode).toBe(200);
    const { rows, total, page, page_size } = res.json().data;
    expect({ total, page, page_size }).toEqual({ total: 6, page: 1, page_size: ACTIVITY_PAGE_SIZE });
    expect(rows.map((row: { event: string }) => row.event)).toEqual([
      'login',
      'password_changed',
      'login',
      'logout',
      'login',
      'login_failed',
    ]);
    expect(rows[5]).toMatchObject({ ip: '203.0.113.7', device: PHONE, created_at: new Date(start).toISOString() });
    expect(rows[1]).toMatchObject({ ip: '198.51.100.2', device: 'vitest' });
  });

  it('pages newest first and keeps to the date range', async () => {
    for (let i = 0; i < ACTIVITY_PAGE_SIZE + 5; i += 1) {
      t.clock.advance(60_000);
      await t.login('watcher', 'Lantern2027', '192.0.2.1');
    }
    const token = await t.login('watcher', 'Lantern2027', '192.0.2.1');
    const all = { from: start, to: t.clock.now() + 1 };
    const first = (await log(token, { ...all, page: 1 })).json().data;
    const second = (await log(token, { ...all, page: 2 })).json().data;
    expect(first.rows).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.total).toBe(6 + ACTIVITY_PAGE_SIZE + 6);
    expect(second.rows).toHaveLength(first.total - ACTIVITY_PAGE_SIZE);
    const times = [...first.rows, ...second.rows].map((row: { created_at: string }) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const narrow = (await log(token, { from: start, to: start + 1_500, page: 1 })).json().data;
    expect(narrow.rows.map((row: { event: string }) => row.event)).toEqual(['login', 'login_failed']);
  });

  it("shows only the caller's own activity", async () => {
    const token = await t.login('player1', 'Player2026');
    const { rows } = (await log(token, { from: start, to: t.clock.now() + 1, page: 1 })).json().data;
    expect(rows).toHaveLength(1);
    expect(rows[0].event).toBe('login');
  });

  it('refuses a reversed or over-long range with 400', async () => {
    const token = await t.login('player1', 'Player2026');
    expect((await log(token, { from: 10, to: 5, page: 1 })).statusCode).toBe(400);
    expect((await log(token, { from: 0, to: 400 * 86_400_000, page: 1 })).statusCode).toBe(400);
  });
});
