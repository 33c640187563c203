import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { type AppConfig, loadConfig } from '../src/config/env';
import { type ConsoleTestApp, createConsoleTestApp, OPERATOR_PASSWORD } from './console-support';
import { runAdminProcess, testDatabaseKind } from './test-app';

/**
 * The CLI as an operator (docs/operators.md, "The CLI as an operator"): `operator create` prints
 * the TOTP secret and its otpauth:// address; every command acts as `--as NAME` (default the system
 * operator) and each act is audited with the values before and after, the same log the console
 * writes.
 */
let t: ConsoleTestApp;
let config: AppConfig;

beforeAll(async () => {
  t = await createConsoleTestApp();
  config = loadConfig({ LOG_LEVEL: 'silent', ...t.databaseEnv });
}, 60_000);
afterAll(async () => t.close());

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, config, { out: (line) => out.push(line), err: (line) => err.push(line) }, t.clock);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function auditRows(operator: string) {
  return t.database.db
    .selectFrom('operator_audit')
    .selectAll()
    .where('operator_name', '=', operator)
    .orderBy('id', 'desc')
    .execute();
}

describe(`npm run admin as an operator (${testDatabaseKind()})`, () => {
  it(
    '`npm run admin -- operator create` prints `secret: BASE32` and the otpauth:// address, and the secret logs in',
    { timeout: 90_000 },
    async () => {
      const run = await runAdminProcess(
        t.databaseEnv,
        'operator',
        'create',
        '--name',
        'cli-fin',
        '--password',
        OPERATOR_PASSWORD,
        '--role',
        'finance',
      );
      expect(run.code, run.stderr).toBe(0);
      const secret = /^secret: ([A-Z2-7]+)$/m.exec(run.stdout)?.[1];
      expect(secret, run.stdout).toBeDefined();
      expect(secret!.length).toBeGreaterThanOrEqual(32);
      expect(run.stdout).toMatch(new RegExp(`^otpauth://totp/.+\\?.*secret=${secret}`, 'm'));
      expect(run.stdout).not.toContain(OPERATOR_PASSWORD);
      t.clock.advance(30_000);
      const login = await t.adminLogin({ user_name: 'cli-fin', password: OPERATOR_PASSWORD, totp: t.totpNow(secret!) });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().data.role).toBe('finance');
      // Its creation is in the audit log, by the system operator, without the password or secret.
      const [created] = await auditRows('system');
      expect(created).toMatchObject({ action: 'cli.operator.create', target: 'operator:cli-fin', ip: 'cli' });
      expect(`${created!.before_json}${created!.after_json}`).not.toMatch(new RegExp(`${OPERATOR_PASSWORD}|${secret}`));
    },
  );

  it('refuses a bad role, a weak password and a taken name', async () => {
    expect(
      (await admin('operator', 'create', '--name', 'cli-x', '--password', OPERATOR_PASSWORD, '--role', 'boss')).code,
    ).not.toBe(0);
    expect((await admin('operator', 'create', '--name', 'cli-x', '--password', '123', '--role', 'support')).code).not.toBe(0);
    expect(
      (await admin('operator', 'create', '--name', 'cli-fin', '--password', OPERATOR_PASSWORD, '--role', 'support')).code,
    ).not.toBe(0);
  });

  it('`--as NAME` acts as that operator: the act is audited with before and after, the ledger carries the operator', async () => {
    await t.newPayer('cli-p1');
    const credit = await admin(
      'wallet',
      'credit',
      '--name',
      'cli-p1',
      '--amount',
      '75',
      '--reason',
      'cli goodwill',
      '--as',
      'cli-fin',
    );
    expect(credit.code, credit.err).toBe(0);
    const [row] = await auditRows('cli-fin');
    expect(row).toMatchObject({ action: 'cli.wallet.credit', target: 'user:cli-p1', ip: 'cli' });
    expect(JSON.parse(row!.before_json!)).toEqual({ cash: 0 });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ cash: 75 });
    const operator = await t.database.db
      .selectFrom('operators')
      .select('id')
      .where('name', '=', 'cli-fin')
      .executeTakeFirstOrThrow();
    const tx = await t.database.db
      .selectFrom('ledger_transactions')
      .select('operator_id')
      .where('kind', '=', 'operator_credit')
      .where('note', '=', 'cli goodwill')
      .executeTakeFirstOrThrow();
    expect(Number(tx.operator_id)).toBe(Number(operator.id));
    // The console sees the same audit log.
    const owner = await t.newOperator('cli-owner', 'owner');
    const log = (await t.admin('admin/auditLog', { operator: 'cli-fin' }, owner.token)).json().data.rows;
    expect(log[0]).toMatchObject({ operator: 'cli-fin', action: 'cli.wallet.credit', ip: 'cli' });
  });

  it('without --as it acts as the system operator; settings set keeps the value before and after', async () => {
    expect((await admin('settings', 'set', 'site_title', 'Before')).code).toBe(0);
    expect((await admin('settings', 'set', 'site_title', 'After')).code).toBe(0);
    const [row] = await auditRows('system');
    expect(row).toMatchObject({ action: 'cli.settings.set', target: 'setting:site_title' });
    expect(JSON.parse(row!.before_json!)).toEqual({ site_title: 'Before' });
    expect(JSON.parse(row!.after_json!)).toEqual({ site_title: 'After' });
    expect((await admin('settings', 'get', 'four_eyes_amount')).out).toBe('50000');
  });

  it('`operator disable` ends the operator’s console sessions and blocks login; `operator enable` lets them back', async () => {
    const op = await t.newOperator('cli-sup', 'support');
    expect((await admin('operator', 'disable', '--name', 'cli-sup')).code).toBe(0);
    expect((await t.admin('admin/me', {}, op.token)).statusCode).toBe(401);
    t.clock.advance(30_000);
    expect(
      (await t.adminLogin({ user_name: 'cli-sup', password: OPERATOR_PASSWORD, totp: t.totpNow(op.secret) })).statusCode,
    ).toBe(422);
    expect((await admin('operator', 'list')).out).toMatch(/cli-sup\s+support\s+disabled/);
    expect((await admin('operator', 'enable', '--name', 'cli-sup')).code).toBe(0);
    t.clock.advance(30_000);
    expect(
      (await t.adminLogin({ user_name: 'cli-sup', password: OPERATOR_PASSWORD, totp: t.totpNow(op.secret) })).statusCode,
    ).toBe(200);
    const [row] = await auditRows('system');
    expect(row).toMatchObject({ action: 'cli.operator.enable', target: 'operator:cli-sup' });
  });

  it('an unknown --as changes nothing and exits non-zero; reads are not audited', async () => {
    const before = await t.database.db
      .selectFrom('operator_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const run = await admin('settings', 'set', 'site_title', 'Nobody', '--as', 'nobody');
    expect(run.code).not.toBe(0);
    expect(run.err).toMatch(/No operator is named nobody/);
    expect((await admin('settings', 'get', 'site_title')).out).toBe('After');
    const after = await t.database.db
      .selectFrom('operator_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
