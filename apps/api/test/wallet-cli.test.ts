import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { type AppConfig, loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/database';
import { createTestDatabase, type TestDatabase } from './test-app';

let testDb: TestDatabase;
let config: AppConfig;

async function admin(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, config, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const balanceOf = async (name: string) => (await admin('wallet', 'balance', '--name', name)).out;

beforeAll(async () => {
  testDb = await createTestDatabase();
  config = loadConfig({ LOG_LEVEL: 'silent', ...testDb.env });
});
afterAll(async () => testDb.drop());

describe('npm run admin -- wallet credit / debit', () => {
  it('credits and debits a player as transfers with the house (player1 opens with ₹10,000 on a demo install)', async () => {
    const credit = await admin('wallet', 'credit', '--name', 'player1', '--amount', '2500.50', '--reason', 'goodwill');
    expect(credit).toMatchObject({ code: 0, out: 'credited player1: cash 12500.5, exposure 0, split bonus 0, wager bonus 0' });
    const debit = await admin('wallet', 'debit', '--name', 'PLAYER1', '--amount', '500', '--reason', 'correction');
    expect(debit.code).toBe(0);
    expect(await balanceOf('player1')).toBe('player1: cash 12000.5, exposure 0, split bonus 0, wager bonus 0');
  });

  it.each([
    [['--amount', '10.005'], 'at most two decimals'],
    [['--amount', '-5'], 'must not be negative'],
    [['--amount', 'abc'], 'must be a number'],
    [['--amount', '0'], 'more than 0'],
    [['--amount', 'NaN'], 'must be a number'],
    [['--amount', '1e5'], 'must be a number'],
    [['--amount', '10000001'], 'at most 10000000'],
    [['--amount', '5', '--reason', '   '], 'Reason'],
    [['--amount', '5', '--name', 'nobody_here'], 'No user is named nobody_here'],
  ])('refuses %j, exits non-zero and changes nothing', async (args, message) => {
    const before = await balanceOf('player1');
    const options = Object.fromEntries([['--name', 'player1'], ['--reason', 'test'], ...chunk(args)]);
    const result = await admin('wallet', 'credit', ...Object.entries(options).flat());
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(/^error: /);
    expect(result.err).toContain(message);
    expect(await balanceOf('player1')).toBe(before);
  });

  it('refuses a debit beyond the balance and changes nothing', async () => {
    const before = await balanceOf('player1');
    const result = await admin('wallet', 'debit', '--name', 'player1', '--amount', '999999', '--reason', 'too much');
    expect(result).toMatchObject({ code: 1, err: 'error: Insufficient balance' });
    expect(await balanceOf('player1')).toBe(before);
  });

  it('needs every option', async () => {
    expect((await admin('wallet', 'credit', '--name', 'player1', '--amount', '5')).code).toBe(2);
  });
});

describe('npm run admin -- bonus grant', () => {
  it('grants into the chosen wallet', async () => {
    const result = await admin('bonus', 'grant', '--name', 'player1', '--amount', '300', '--wallet', 'split');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^granted bonus \d+: 300 to player1's split wallet$/);
    expect(await balanceOf('player1')).toContain('split bonus 300, wager bonus 0');
    expect((await admin('bonus', 'grant', '--name', 'player1', '--amount', '40.25', '--wallet', 'wager')).code).toBe(0);
    expect(await balanceOf('player1')).toContain('split bonus 300, wager bonus 40.25');
  });

  it.each([
    ['--wallet', 'cash', '--wallet must be split or wager'],
    ['--amount', '1.999', 'at most two decimals'],
  ])('refuses %s %s', async (option, value, message) => {
    const before = await balanceOf('player1');
    const options = { '--name': 'player1', '--amount': '10', '--wallet': 'split', [option]: value };
    const result = await admin('bonus', 'grant', ...Object.entries(options).flat());
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
    expect(await balanceOf('player1')).toBe(before);
  });
});

describe('npm run admin -- ledger verify', () => {
  it('passes on an honest ledger', async () => {
    const result = await admin('ledger', 'verify');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^ledger ok: \d+ accounts, \d+ transactions, \d+ entries; every invariant holds$/);
  });

  it('verifies incrementally from the last clean audit, and still finds a fault after it', async () => {
    const first = await admin('ledger', 'verify', '--incremental', 'yes');
    expect(first.code).toBe(0);
    expect((await admin('wallet', 'credit', '--name', 'player1', '--amount', '1', '--reason', 'after checkpoint')).code).toBe(0);
    const second = await admin('ledger', 'verify', '--incremental', 'yes');
    expect(second).toMatchObject({ code: 0 });
    expect(second.out).toMatch(/^from checkpoint: after transaction \d+, entry \d+$/m);
    const database = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {});
    const [row] = await database.db.selectFrom('users').select('id').where('user_name', '=', 'player1').execute();
    await database.db
      .insertInto('market_exposure')
      .values({
        user_id: Number(row?.id),
        market_key: 'market:tampered',
        cash_held: 700,
        bonus_held: 0,
        version: 1,
        updated_at: 0,
      })
      .execute();
    await database.close();
    const third = await admin('ledger', 'verify', '--incremental', 'yes');
    expect(third.code).toBe(1);
    expect(third.out).toMatch(/^FAULT account u:\d+:exposure: holds 0 but its markets hold 700$/m);
    await admin('ledger', 'verify');
  });

  it('prints each fault and exits non-zero when a stored balance was tampered with', async () => {
    const database = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {});
    await database.db.updateTable('ledger_accounts').set({ balance: 1 }).where('account_key', 'like', '%:cash').execute();
    await database.close();
    const result = await admin('ledger', 'verify');
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^FAULT account u:\d+:cash: stored balance 1 but its entries sum to 1200150$/m);
    expect(result.err).toMatch(/^error: ledger verify found \d+ fault\(s\)/);
  });
});

function chunk(args: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let index = 0; index < args.length; index += 2) pairs.push([args[index] as string, args[index + 1] as string]);
  return pairs;
}
