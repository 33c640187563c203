import type { Market, StatementRow } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettlementService } from '../src/modules/bets/settlement.service';
import { balanceOf, placeBet, snapshotsOf } from './bets-support';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/**
 * docs/wallet.md "Account statement": every line's amount is the move of the balance from the
 * line below — a folded market's net is what the balance moved by, even when another movement
 * came between its hold and its result; a void moves nothing and shows what came back; the
 * movements say what happened, each with what it changed.
 */
let t: WalletApiApp;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'statement', SIM_SPEED: '1' } });
}, 60_000);
afterAll(async () => t.close());

const used = new Set<string>();
async function openMarket(): Promise<{ matchId: number; market: Market }> {
  for (const snapshot of await snapshotsOf(t)) {
    if (snapshot.match.in_play) continue;
    const market = snapshot.markets.find(
      (item) =>
        item.market_type === 'MATCH_ODDS' &&
        item.status === 'OPEN' &&
        !used.has(item.market_id) &&
        item.runners.every((runner) => runner.back.length > 0),
    );
    if (market) {
      used.add(market.market_id);
      return { matchId: snapshot.match.match_id, market };
    }
  }
  throw new Error('no open match-odds market');
}

async function back(token: string, found: { matchId: number; market: Market }, stack: number) {
  const runner = found.market.runners[0]!;
  const res = await placeBet(t, 'bet/placeMarketBet', token, {
    match_id: found.matchId,
    market_id: found.market.market_id,
    selection_id: runner.selection_id,
    odds: runner.back[0]!.odds,
    stack,
    is_back: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { odds: number; possible_win: number };
}

const cents = (value: number) => Math.round(value * 100) / 100;
const statement = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await t.post('report/accountStatement', body, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rows: StatementRow[]; totals: { credit: number; debit: number }; total_rows: number };
};

/** Each line's amount is its balance less the balance of the line below it. */
function expectReconciled(rows: readonly StatementRow[]) {
  for (let index = 0; index + 1 < rows.length; index += 1) {
    const line = rows[index]!;
    expect(cents(line.balance - rows[index + 1]!.balance), `line ${index}`).toBe(cents(line.credit - line.debit));
  }
}

describe('the account statement reconciles', () => {
  it('a market won after another credit came between its bet and its result: its net is the balance’s move', async () => {
    const player = await t.newPlayer('stmt1');
    await t.credit(player.userId, 100_000);
    const won = await openMarket();
    const bet = await back(player.token, won, 100);
    t.clock.advance(60_000);
    // Money in while the bet is open: before, the line of this credit carried the bet's hold.
    await t.credit(player.userId, 50_000);
    t.clock.advance(60_000);
    const settlement = createSettlementService(t.database.db, t.clock, t.module);
    await settlement.settle(
      `M:${won.market.market_id}`,
      { outcome: 'winner', winnerSelectionId: won.market.runners[0]!.selection_id },
      'operator',
    );

    const { rows, totals } = await statement(player.token);
    expect(rows.map((row) => [row.kind, row.credit, row.debit])).toEqual([
      ['bet_win', bet.possible_win, 0],
      ['operator_credit', 500, 0],
      ['operator_credit', 1_000, 0],
    ]);
    expectReconciled(rows);
    // The newest line's balance is everything the player has now.
    const now = await balanceOf(t, player.token);
    expect(rows[0]!.balance).toBe(cents(now.free_chip + now.exposure));
    expect(rows[2]!.balance).toBe(1_000);
    expect(totals).toEqual({ credit: cents(1_500 + bet.possible_win), debit: 0 });
    expect(rows[0]!.detail).toEqual({
      type: 'market',
      match: expect.any(String),
      market: won.market.market_name,
      reduced_prices: [],
    });
    // In words: held, then the result and the held money back (newest first).
    expect(rows[0]!.movements.map((movement) => movement.kind)).toEqual(['bet_win', 'exposure_release', 'exposure_hold']);
    expect(rows[0]!.movements.find((movement) => movement.kind === 'bet_win')).toMatchObject({ amount: bet.possible_win });
    expect(rows[0]!.movements.find((movement) => movement.kind === 'exposure_hold')).toMatchObject({
      amount: 0,
      held: 100,
      cash: -100,
    });
  });

  it('a void market moves nothing and shows what came back; an open one holds without moving the balance', async () => {
    const player = await t.newPlayer('stmt2');
    await t.credit(player.userId, 100_000);
    const voided = await openMarket();
    await back(player.token, voided, 200);
    const open = await openMarket();
    await back(player.token, open, 100);
    t.clock.advance(60_000);
    await createSettlementService(t.database.db, t.clock, t.module).settle(
      `M:${voided.market.market_id}`,
      { outcome: 'void' },
      'operator',
    );

    const { rows } = await statement(player.token);
    expectReconciled(rows);
    const voidLine = rows.find((row) => row.subject === `market:${voided.market.market_id}`)!;
    expect(voidLine).toMatchObject({ credit: 0, debit: 0, released: 200, is_open: false, balance: 1_000 });
    const openLine = rows.find((row) => row.subject === `market:${open.market.market_id}`)!;
    expect(openLine).toMatchObject({ credit: 0, debit: 0, is_open: true, balance: 1_000 });
    const now = await balanceOf(t, player.token);
    expect(now).toMatchObject({ free_chip: 900, exposure: 100 });
  });

  it('pages carry the balance on: the first line of page 2 is the last of page 1 less its amount', async () => {
    const player = await t.newPlayer('stmt3');
    for (let index = 1; index <= 5; index += 1) {
      await t.credit(player.userId, index * 10_000);
      t.clock.advance(1_000);
    }
    const first = await statement(player.token, { limit: 2, page: 1 });
    const second = await statement(player.token, { limit: 2, page: 2 });
    const last = first.rows.at(-1)!;
    expect(second.rows[0]!.balance).toBe(cents(last.balance - (last.credit - last.debit)));
    expect(first.rows.map((row) => row.balance)).toEqual([1_500, 1_000]);
    expect(second.rows.map((row) => row.balance)).toEqual([600, 300]);
  });
});
