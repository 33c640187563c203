import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';

let t: AccountsTestApp;
const RANGE = { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 11, 31), page: 1 };

async function admin(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, t.config, { out: (line) => out.push(line), err: (line) => err.push(line) }, t.clock);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(async () => t.close());

describe('npm run admin -- user', () => {
  it('set-password: sets a new password, ends the sessions and forces a change at the next login', async () => {
    const token = await t.login('player1', 'Player2026');
    const result = await admin('user', 'set-password', '--name', 'player1', '--password', 'Operator2026');
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toMatch(/password of player1 set; sessions ended; they must change it/);
    expect((await t.post('report/activityLog', RANGE, { token })).statusCode).toBe(401);
    const login = await t.post('user/login', { user_name: 'player1', password: 'Operator2026', type: 'C' });
    expect(login.json().data.is_change_password).toBe('1');
  });

  it('set-password --must-change no leaves the flag off; a weak or common password is refused', async () => {
    expect(
      (await admin('user', 'set-password', '--name', 'player1', '--password', 'Player2026', '--must-change', 'no')).code,
    ).toBe(0);
    const login = await t.post('user/login', { user_name: 'player1', password: 'Player2026', type: 'C' });
    expect(login.json().data.is_change_password).toBe('0');
    const weak = await admin('user', 'set-password', '--name', 'player1', '--password', 'short');
    expect(weak.code).toBe(1);
    expect(weak.err).toMatch(/^error: Password Minimum eight characters/);
    const common = await admin('user', 'set-password', '--name', 'player1', '--password', 'Password123');
    expect(common.err).toMatch(/too common/);
    expect((await admin('user', 'set-password', '--name', 'ghost', '--password', 'Ghost2026x')).err).toBe(
      'error: No user is named ghost',
    );
  });

  it('disable: ends the sessions and blocks login; enable lets them back', async () => {
    const token = await t.login('player1', 'Player2026');
    const result = await admin('user', 'disable', '--name', 'player1');
    expect(result.code).toBe(0);
    expect((await t.post('report/activityLog', RANGE, { token })).statusCode).toBe(401);
    const refused = await t.post('user/login', { user_name: 'player1', password: 'Player2026', type: 'C' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This account is disabled. Please contact support.');
    expect((await admin('user', 'enable', '--name', 'player1')).code).toBe(0);
    expect(await t.login('player1', 'Player2026')).toBeTruthy();
  });

  it('list: prints the users with their flags, demo accounts on request', async () => {
    await t.post('user/demoLogin', {});
    const plain = await admin('user', 'list');
    expect(plain.code).toBe(0);
    expect(plain.out).toMatch(/player1\s+type 7\s+9000000001\s+signup/);
    expect(plain.out).not.toMatch(/demo-/);
    const withDemo = await admin('user', 'list', '--demo', 'yes');
    expect(withDemo.out).toMatch(/demo-[0-9a-f]{6}\s+type 7\s+-\s+demo/);
  });
});
