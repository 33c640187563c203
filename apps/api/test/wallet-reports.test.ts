import { reportDay } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setHold, createWalletApiApp, type WalletApiApp } from './wallet-support';
import { ref } from './support/refs';
import { moneyTransaction } from '../src/db/unit-of-work';

let t: WalletApiApp;
let player: { userId: number; token: string };
let startDay: string;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createWalletApiApp();
  player = await t.newPlayer('report_player');
  const { userId } = player;
  startDay = reportDay(t.clock.now());
  // 95 days ago: a credit and a split bonus that is partly released.
  await t.credit(userId, 100_000);
  await moneyTransaction(t.database.db, { userIds: [userId], now: t.clock.now() }, (trx) =>
    t.module.bonuses.grant(trx, { userId, amount: 20_000, wallet: 'split', reason: 'welcome' }),
  );
  await t.module.wallet.setActiveWallet(userId, 1);
  await moneyTransaction(t.database.db, { userIds: [userId], now: t.clock.now() }, (trx) =>
    t.module.bonuses.recordSettledTurnover(trx, { userId, amount: 20_000, reference: ref('bet:1') }),
  );
  t.clock.advance(95 * DAY_MS);
  // The session went idle meanwhile: log in again.
  player.token = await t.login('report_player', 'Wallet2026');
  // Today: a hold and its release, and a wager bonus.
  await moneyTransaction(t.database.db, { userIds: [userId], now: t.clock.now() }, async (trx) => {
    await setHold(t.module.money, trx, { userId, marketKey: 'market:2', exposure: 30_000, cause: 'bet:2' });
    await setHold(t.module.money, trx, { userId, marketKey: 'market:2', exposure: 0, cause: 'bet:2' });
    await t.module.bonuses.grant(trx, { userId, amount: 5_000, wallet: 'wager', reason: 'reload' });
  });
  // Someone else's money never shows.
  const other = await t.newPlayer('report_other');
  await t.credit(other.userId, 999_00);
});
afterAll(async () => t.close());

const report = (path: string, body: Record<string, unknown>, token = player.token) => t.post(path, body, { token });

type Row = { kind: string; wallet: string; credit: number; debit: number; balance: number; id: number };
const brief = (rows: Row[]) => rows.map((row) => [row.kind, row.wallet, row.credit, row.debit, row.balance]);

describe('report/accountStatement', () => {
  it('lists one line per posting, and one per market with its holds folded in, newest first, with totals', async () => {
    const res = await report('report/accountStatement', { from_date: startDay, to_date: reportDay(t.clock.now()) });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ from_date: startDay, to_date: reportDay(t.clock.now()), page: 1, limit: 20, total_rows: 5 });
    // The balance is everything the player has (cash, held for bets, bonus): each line's amount is
    // exactly its move from the line below (docs/wallet.md "Account statement").
    expect(brief(data.rows)).toEqual([
      ['bonus_grant', 'wager_bonus', 50, 0, 1_250],
      // The market's hold and release: one line, nothing won or lost, the balance where it was.
      ['exposure_release', 'cash', 0, 0, 1_200],
      // A bonus released to cash stays the player's: no move of the balance, its movement says it.
      ['bonus_release', 'cash', 0, 0, 1_200],
      ['bonus_grant', 'split_bonus', 200, 0, 1_200],
      ['operator_credit', 'cash', 1_000, 0, 1_000],
    ]);
    expect(data.totals).toEqual({ credit: 1_250, debit: 0 });
    expect(data.rows[2].movements).toEqual([
      expect.objectContaining({ kind: 'bonus_release', amount: 0, cash: 20, held: 0, bonus: -20 }),
    ]);
    expect(data.rows[1]).toMatchObject({ subject: 'market:2', is_open: false, entry_count: 4, released: 300 });
    // The movements in words' terms: 300 held, then 300 back; the balance never moved.
    expect(data.rows[1].movements).toEqual([
      expect.objectContaining({ kind: 'exposure_release', amount: 0, cash: 300, held: -300, bonus: 0 }),
      expect.objectContaining({ kind: 'exposure_hold', amount: 0, cash: -300, held: 300, bonus: 0 }),
    ]);
    expect(
      data.rows[1].entries.map((entry: Row) => [entry.kind, entry.wallet, entry.credit, entry.debit, entry.balance]),
    ).toEqual([
      ['exposure_release', 'exposure', 0, 300, 0],
      ['exposure_release', 'cash', 300, 0, 1_020],
      ['exposure_hold', 'exposure', 300, 0, 300],
      ['exposure_hold', 'cash', 0, 300, 720],
    ]);
    expect(data.rows[4]).toMatchObject({
      subject: null,
      description: 'test set-up',
      entry_count: 1,
      date: new Date(Date.UTC(2026, 0, 15, 12)).toISOString(),
    });
  });

  it('shows the last 7 days by default and pages newest first', async () => {
    const recent = (await report('report/accountStatement', {})).json().data;
    expect(recent.total_rows).toBe(2);
    expect(recent.from_date).toBe(reportDay(t.clock.now() - 6 * DAY_MS));
    const page = (await report('report/accountStatement', { from_date: startDay, limit: 2, page: 2 })).json().data;
    expect(brief(page.rows)).toEqual([
      ['bonus_release', 'cash', 0, 0, 1_200],
      ['bonus_grant', 'split_bonus', 200, 0, 1_200],
    ]);
    expect(page.totals).toEqual({ credit: 1_250, debit: 0 });
    const beyond = (await report('report/accountStatement', { from_date: startDay, limit: 20, page: 9 })).json().data;
    expect(beyond).toMatchObject({ rows: [], total_rows: 5 });
  });

  it('shows a new player an empty statement', async () => {
    const { token } = await t.newPlayer('report_empty');
    expect((await report('report/accountStatement', {}, token)).json().data).toMatchObject({
      rows: [],
      total_rows: 0,
      totals: { credit: 0, debit: 0 },
    });
  });

  it.each([
    [{ from_date: '2026-05-02', to_date: '2026-05-01' }, 'from_date must not be after to_date'],
    [{ from_date: '2024-01-01', to_date: '2026-01-10' }, 'at most 366 days'],
    [{ from_date: '2026-02-30' }, 'must be a real date'],
    [{ from_date: '15/01/2026' }, 'must be a date like'],
    [{ from_date: '2030-01-01' }, 'in the future'],
    [{ page: 0 }, 'page'],
    [{ limit: 101 }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
    [{ user_id: 1 }, ''],
  ])('refuses %j with 400', async (body, message) => {
    const res = await report('report/accountStatement', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
    expect(res.json().message).toContain(message);
  });

  it('needs a session', async () => {
    for (const path of ['report/accountStatement', 'report/bonusHistory', 'report/userBonus']) {
      expect((await t.post(path, {})).statusCode).toBe(401);
    }
  });
});

describe('report/bonusHistory', () => {
  it('lists every grant, release and expiry, newest first, with totals', async () => {
    const { data } = (await report('report/bonusHistory', { from_date: startDay })).json();
    expect(data.rows.map((row: { kind: string; wallet: string; amount: number }) => [row.kind, row.wallet, row.amount])).toEqual([
      ['grant', 'wager', 50],
      ['release', 'split', 20],
      ['grant', 'split', 200],
    ]);
    expect(data).toMatchObject({ total_rows: 3, totals: { granted: 250, released: 20, expired: 0 } });
  });
});

describe('report/userBonus', () => {
  it('lists the player’s bonuses with wallet, wagering progress, released and remaining', async () => {
    const { data } = (await report('report/userBonus', { from_date: startDay })).json();
    expect(data.rows).toEqual([
      expect.objectContaining({
        wallet: 'wager',
        reason: 'reload',
        granted: 50,
        wagering_requirement: 500,
        turnover: 0,
        released: 0,
        remaining: 50,
        status: 'active',
      }),
      expect.objectContaining({
        wallet: 'split',
        reason: 'welcome',
        granted: 200,
        wagering_requirement: 0,
        turnover: 200,
        released: 20,
        remaining: 180,
        status: 'active',
      }),
    ]);
    expect(data.totals).toEqual({ granted: 250, released: 20, remaining: 230 });
    expect(data.rows[1].expires_at).toBe(new Date(Date.UTC(2026, 0, 15, 12) + 30 * DAY_MS).toISOString());
  });
});
