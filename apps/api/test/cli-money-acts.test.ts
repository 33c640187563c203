import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { type AppConfig, loadConfig } from '../src/config/env';
import { type ConsoleTestApp, createConsoleTestApp } from './console-support';
import { bundledScript, runAdminProcess, testDatabaseKind } from './test-app';

/**
 * The CLI's money acts as the console's (docs/operators.md, "The CLI as an operator"): the money
 * and its audit row commit in one transaction, so neither exists without the other, and `--key K`
 * applies an act once with the console's rules.
 */
let t: ConsoleTestApp;
let config: AppConfig;

beforeAll(async () => {
  t = await createConsoleTestApp();
  config = loadConfig({ LOG_LEVEL: 'silent', ...t.databaseEnv });
  await t.newOperator('cma-fin', 'finance');
}, 60_000);
afterAll(async () => t.close());

/** `npm run admin -- …` in this process; a crash of the command (not a refusal) answers code -1. */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
  const code = await runAdmin(argv, config, io, t.clock).catch((error: Error) => {
    err.push(error.message);
    return -1;
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const cliAudits = async (target: string) =>
  (
    await t.database.db
      .selectFrom('operator_audit')
      .select(['action', 'before_json', 'after_json'])
      .where('target', '=', target)
      .where('action', 'like', 'cli.%')
      .orderBy('id')
      .execute()
  ).map((row) => ({ ...row, after: JSON.parse(row.after_json ?? 'null') as Record<string, unknown> }));

/** Ledger transactions an operator made for the player (set-up credits carry none). */
const operatorPostings = async (userId: number) =>
  (
    await t.database.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('user_id', '=', userId)
      .where('operator_id', 'is not', null)
      .execute()
  ).map((row) => row.kind);

const bonuses = async (userId: number) =>
  (await t.database.db.selectFrom('bonuses').select('id').where('user_id', '=', userId).execute()).length;

const withdrawalStatus = async (id: number) =>
  (await t.database.db.selectFrom('payment_withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

const depositStatus = async (orderId: string) =>
  (await t.database.db.selectFrom('payment_deposits').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow())
    .status;

const paymentEvent = (type: 'payment.succeeded' | 'payment.failed', orderId: string, amountPaise: number) => ({
  event_id: `evt_${randomUUID()}`,
  type,
  order_id: orderId,
  amount_paise: amountPaise,
  currency: 'INR',
});

/**
 * A held deposit (docs/payments.md, "Late payments"): the player's day limit is used by a second
 * order after the first failed, then the gateway reports the first paid after all.
 */
async function heldDeposit(token: string): Promise<string> {
  const limited = await t.post('rg/setLimit', { kind: 'deposit', period: 'day', amount: 1_000 }, { token });
  expect(limited.statusCode, limited.body).toBe(200);
  const first = await t.deposit(token, 1_000);
  expect((await t.callback(paymentEvent('payment.failed', first.order_id, 100_000))).statusCode).toBe(200);
  const second = await t.deposit(token, 1_000);
  expect((await t.callback(paymentEvent('payment.succeeded', second.order_id, 100_000))).statusCode).toBe(200);
  expect((await t.callback(paymentEvent('payment.succeeded', first.order_id, 100_000))).statusCode).toBe(200);
  expect(await depositStatus(first.order_id)).toBe('held');
  return first.order_id;
}

/** The database refuses every CLI audit row while `run` runs (a failure of the audit insert). */
async function withCliAuditRefused(run: () => Promise<void>) {
  const { db } = t.database;
  if (testDatabaseKind() === 'postgres') {
    await sql`create function refuse_cli_audit() returns trigger language plpgsql as $$
      begin if new.action like 'cli.%' then raise exception 'cli audit refused by the test'; end if; return new; end $$`.execute(
      db,
    );
    await sql`create trigger cli_audit_refused before insert on operator_audit
      for each row execute function refuse_cli_audit()`.execute(db);
  } else {
    await sql`create trigger cli_audit_refused before insert on operator_audit when new.action like 'cli.%'
      begin select raise(abort, 'cli audit refused by the test'); end`.execute(db);
  }
  try {
    await run();
  } finally {
    if (testDatabaseKind() === 'postgres') {
      await sql`drop trigger cli_audit_refused on operator_audit`.execute(db);
      await sql`drop function refuse_cli_audit()`.execute(db);
    } else {
      await sql`drop trigger cli_audit_refused`.execute(db);
    }
  }
}

describe(`the CLI's money acts and their audit rows commit together (${testDatabaseKind()})`, () => {
  it('when the audit row cannot be written, no money moves: credit, debit, bonus, withdrawal approve and reject, held deposit', async () => {
    const payer = await t.verifiedPayer('cma_atomic', 5_000);
    const approveId = await t.withdraw(payer.token, 500, payer.destinationId);
    const rejectId = await t.withdraw(payer.token, 700, payer.destinationId);
    const heldOrder = await heldDeposit(payer.token);
    const cash = await t.cash(payer.userId);
    const acts = [
      ['wallet', 'credit', '--name', 'cma_atomic', '--amount', '100', '--reason', 'goodwill'],
      ['wallet', 'debit', '--name', 'cma_atomic', '--amount', '100', '--reason', 'correction'],
      ['bonus', 'grant', '--name', 'cma_atomic', '--amount', '50', '--wallet', 'wager'],
      ['payments', 'approve', '--id', String(approveId)],
      ['payments', 'reject', '--id', String(rejectId), '--reason', 'Name mismatch'],
      ['payments', 'held', '--order', heldOrder, '--decision', 'refunded'],
    ];
    await withCliAuditRefused(async () => {
      for (const act of acts) {
        const run = await admin(...act);
        expect(run.code, `${act.join(' ')}: ${run.out}`).not.toBe(0);
        expect(run.err).toMatch(/cli audit refused by the test/);
      }
    });
    expect(await t.cash(payer.userId)).toBe(cash);
    expect(await operatorPostings(payer.userId)).toEqual([]);
    expect(await bonuses(payer.userId)).toBe(0);
    expect([await withdrawalStatus(approveId), await withdrawalStatus(rejectId)]).toEqual(['pending', 'pending']);
    expect(await depositStatus(heldOrder)).toBe('held');

    // With the audit log writable, each act applies once with one audit row.
    for (const act of acts) expect((await admin(...act)).code, act.join(' ')).toBe(0);
    expect(await t.cash(payer.userId)).toBe(cash + 700_00);
    expect((await operatorPostings(payer.userId)).sort()).toEqual(['bonus_grant', 'operator_credit', 'operator_debit']);
    expect([await withdrawalStatus(approveId), await withdrawalStatus(rejectId)]).toEqual(['approved', 'rejected']);
    expect(await depositStatus(heldOrder)).toBe('refunded');
    expect((await cliAudits('user:cma_atomic')).map((row) => row.action)).toEqual([
      'cli.wallet.credit',
      'cli.wallet.debit',
      'cli.bonus.grant',
    ]);
    expect(await cliAudits(`withdraw:${approveId}`)).toEqual([
      expect.objectContaining({ action: 'cli.payments.approve', after: { status: 'approved', reason: null } }),
    ]);
    expect(await cliAudits(`withdraw:${rejectId}`)).toEqual([
      expect.objectContaining({ action: 'cli.payments.reject', after: { status: 'rejected', reason: 'Name mismatch' } }),
    ]);
    expect(await cliAudits(`deposit:${heldOrder}`)).toEqual([
      expect.objectContaining({ action: 'cli.payments.held', after: { status: 'refunded' } }),
    ]);
    await t.expectLedgerClean();
  });
});

describe(`--key K: a CLI money act applies once, with the console's rules (${testDatabaseKind()})`, () => {
  it('the same key and options answer the first answer; other options are refused; one credit, one audit row', async () => {
    const payer = await t.newPayer('cma_key');
    const key = randomUUID();
    const credit = (amount: string) =>
      admin('wallet', 'credit', '--name', 'cma_key', '--amount', amount, '--reason', 'goodwill', '--key', key, '--as', 'cma-fin');
    const first = await credit('250');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toBe('credited cma_key: cash 250, exposure 0, split bonus 0, wager bonus 0');
    const again = await credit('250');
    expect(again.code, again.err).toBe(0);
    expect(again.out.split('\n')).toEqual([
      first.out,
      `(--key ${key} was used before: this is its first answer again; nothing changed)`,
    ]);
    const other = await credit('300');
    expect(other.code).toBe(1);
    expect(other.err).toMatch(/already used for another command or other options/);
    expect(await t.cash(payer.userId)).toBe(250_00);
    expect(await operatorPostings(payer.userId)).toEqual(['operator_credit']);
    expect(await cliAudits('user:cma_key')).toHaveLength(1);
    // The key is the operator's own: the same key as another operator is another act.
    expect(
      (await admin('wallet', 'credit', '--name', 'cma_key', '--amount', '250', '--reason', 'goodwill', '--key', key)).code,
    ).toBe(0);
    expect(await t.cash(payer.userId)).toBe(500_00);
    // A key is 1 to 200 visible characters.
    expect((await admin('wallet', 'credit', '--name', 'cma_key', '--amount', '1', '--reason', 'r', '--key', 'a b')).code).toBe(2);
  });

  it('a refusal under a key is answered again, even once the act would pass; a new key acts', async () => {
    const payer = await t.newPayer('cma_refused');
    const heldOrder = await heldDeposit(payer.token);
    const key = randomUUID();
    const settle = () => admin('payments', 'held', '--order', heldOrder, '--decision', 'credit', '--key', key);
    const refused = await settle();
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/deposit limit/i);
    // A day later the limit's window no longer holds the order: the act would pass now.
    t.clock.advance(25 * 60 * 60_000);
    const replayed = await settle();
    expect(replayed.code).toBe(1);
    expect(replayed.err).toBe(
      `${refused.err}\n(--key ${key} was refused before: this is its first answer again; nothing changed)`,
    );
    expect(await depositStatus(heldOrder)).toBe('held');
    const credited = await admin('payments', 'held', '--order', heldOrder, '--decision', 'credit', '--key', randomUUID());
    expect(credited.code, credited.err).toBe(0);
    expect(await depositStatus(heldOrder)).toBe('credited');
    expect(await t.cash(payer.userId)).toBe(2_000_00);
    expect(await cliAudits(`deposit:${heldOrder}`)).toHaveLength(1);
  });

  it('`payments approve` ends a four-eyes request waiting for the same withdrawal', async () => {
    // Operators log in afresh: another test moved the clock a day.
    const finance = await t.newOperator('cma-fin2', 'finance');
    const payer = await t.verifiedPayer('cma_4eyes', 100_000);
    const withdrawId = await t.withdraw(payer.token, 60_000, payer.destinationId);
    const asked = await t.admin('admin/approveWithdraw', { withdraw_id: withdrawId }, finance.token);
    expect(asked.statusCode, asked.body).toBe(202);
    expect((await admin('payments', 'approve', '--id', String(withdrawId))).code).toBe(0);
    const request = (await t.admin('admin/approvals', {}, finance.token))
      .json()
      .data.rows.find((row: { request_id: number }) => row.request_id === asked.json().request_id);
    expect(request).toMatchObject({ status: 'rejected', reason: 'The withdrawal was approved' });
  });
});

describe(`kill -9 of \`npm run admin\` between the money and its audit row (${testDatabaseKind()})`, () => {
  it('neither is kept; the same --key then applies both once', { timeout: 120_000 }, async () => {
    const payer = await t.newPayer('cma_killed');
    const key = randomUUID();
    const argv = ['wallet', 'credit', '--name', 'cma_killed', '--amount', '100', '--reason', 'goodwill', '--key', key];
    const killed = await promisify(execFile)(process.execPath, [bundledScript('admin-crash'), ...argv], {
      env: { ...process.env, ...t.databaseEnv, LOG_LEVEL: 'silent' },
    }).then(
      () => null,
      (error: { signal?: string }) => error.signal,
    );
    expect(killed).toBe('SIGKILL');
    expect(await operatorPostings(payer.userId)).toEqual([]);
    expect(await cliAudits('user:cma_killed')).toEqual([]);

    const retried = await runAdminProcess(t.databaseEnv, ...argv);
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.stdout).toMatch(/^credited cma_killed: cash 100,/);
    const again = await runAdminProcess(t.databaseEnv, ...argv);
    expect(again.stdout).toContain('this is its first answer again; nothing changed');
    expect(await operatorPostings(payer.userId)).toEqual(['operator_credit']);
    expect(await cliAudits('user:cma_killed')).toHaveLength(1);
    expect(await t.cash(payer.userId)).toBe(100_00);
  });
});
