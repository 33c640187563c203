import { randomUUID } from 'node:crypto';
import { exposurePaise, type MarketBet } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit';
import { balanceOf, findOpenFancy, findOpenMatchOdds, type OpenMarket, placeBet } from './bets-support';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

let t: WalletApiApp;
let open: OpenMarket;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'bets', SIM_SPEED: '1' } });
  open = await findOpenMatchOdds(t);
}, 60_000);
afterAll(async () => t.close());

function bodyFor(selection: { selection_id: number }, odds: number, stack: number, isBack: 0 | 1) {
  return {
    match_id: open.matchId,
    market_id: open.market.market_id,
    selection_id: selection.selection_id,
    odds,
    stack,
    is_back: isBack,
  };
}

describe('bet/placeMarketBet', () => {
  it('takes a back at the offered price, holds the stake as exposure and answers the new balance', async () => {
    const player = await t.newPlayer('backer1');
    await t.credit(player.userId, 100_000);
    const runner = open.market.runners[0]!;
    const offered = runner.back[0]!.odds;
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, bodyFor(runner, offered, 100, 1));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      odds: offered,
      stack: 100,
      is_back: 1,
      liability: 100,
      free_chip: 900,
      exposure: 100,
      market_exposure: 100,
    });
    expect(data.bet_id).toEqual(expect.any(Number));
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 900, exposure: 100 });
  });

  it('nets a lay against a back in the same market: the exposure is the worst outcome, not the sum', async () => {
    const player = await t.newPlayer('netter1');
    await t.credit(player.userId, 100_000);
    const runner = open.market.runners[0]!;
    const back = runner.back[0]!.odds;
    const lay = runner.lay[0]!.odds;
    expect((await placeBet(t, 'bet/placeMarketBet', player.token, bodyFor(runner, back, 200, 1))).statusCode).toBe(200);
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, bodyFor(runner, lay, 200, 0));
    expect(res.statusCode, res.body).toBe(200);
    const bets: MarketBet[] = [
      { kind: 'match_odds', selectionId: runner.selection_id, isBack: true, odds: Math.round(back * 100), stakePaise: 20_000 },
      { kind: 'match_odds', selectionId: runner.selection_id, isBack: false, odds: Math.round(lay * 100), stakePaise: 20_000 },
    ];
    const expected = exposurePaise(
      bets,
      open.market.runners.map((item) => item.selection_id),
    );
    expect(res.json().data.market_exposure).toBe(expected / 100);
    expect(expected).toBeLessThan(20_000 + Math.round((lay - 1) * 20_000));
    expect((await balanceOf(t, player.token)).exposure).toBe(expected / 100);

    const book = await t.post('bet/getWinLossList', { match_id: open.matchId }, { token: player.token });
    expect(book.statusCode).toBe(200);
    const rows = book.json().data.markets[0].win_loss as { selection_id: number; team_name: string; profit_loss: number }[];
    expect(rows.map((row) => row.team_name)).toEqual(open.market.runners.map((item) => item.name));
    expect(Math.min(...rows.map((row) => row.profit_loss))).toBe(-expected / 100);
  });

  it('refuses a back above the offered price with ODDS_CHANGED and the current price, moving nothing', async () => {
    const player = await t.newPlayer('refused1');
    await t.credit(player.userId, 100_000);
    const runner = open.market.runners[0]!;
    const asked = Math.round((runner.back[0]!.odds + 0.5) * 100) / 100;
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, bodyFor(runner, asked, 100, 1));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, code: 'ODDS_CHANGED' });
    expect(res.json().message).toContain(String(runner.back[0]!.odds));
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 1000, exposure: 0 });
  });

  it('refuses stakes outside the market limits, unknown ids, bad input and stakes it cannot cover', async () => {
    const player = await t.newPlayer('limits1');
    await t.credit(player.userId, 50_000);
    const runner = open.market.runners[0]!;
    const odds = runner.back[0]!.odds;
    const small = await placeBet(t, 'bet/placeMarketBet', player.token, bodyFor(runner, odds, open.market.min_stake / 2, 1));
    expect(small.statusCode).toBe(422);
    expect(small.json().code).toBe('STAKE_OUT_OF_RANGE');
    const big = await placeBet(t, 'bet/placeMarketBet', player.token, bodyFor(runner, odds, open.market.max_stake + 1, 1));
    expect(big.json().code).toBe('STAKE_OUT_OF_RANGE');
    const unknownMarket = await placeBet(t, 'bet/placeMarketBet', player.token, {
      ...bodyFor(runner, odds, 100, 1),
      market_id: '1.999999999',
    });
    expect(unknownMarket.statusCode).toBe(404);
    const unknownRunner = await placeBet(t, 'bet/placeMarketBet', player.token, {
      ...bodyFor(runner, odds, 100, 1),
      selection_id: 987654,
    });
    expect(unknownRunner.statusCode).toBe(404);
    const bad = await placeBet(t, 'bet/placeMarketBet', player.token, { ...bodyFor(runner, odds, 100, 1), stack: -5 });
    expect(bad.statusCode).toBe(400);
    const tooMuch = await placeBet(t, 'bet/placeMarketBet', player.token, bodyFor(runner, odds, 600, 1));
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: expect.stringContaining('100.00 short') });
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 500, exposure: 0 });
  });

  it('places a bet once per Idempotency-Key: the retry replays the same bet; another body under the key is refused', async () => {
    const player = await t.newPlayer('retry1');
    await t.credit(player.userId, 100_000);
    const runner = open.market.runners[1]!;
    const key = randomUUID();
    const body = bodyFor(runner, runner.back[0]!.odds, 150, 1);
    const first = await placeBet(t, 'bet/placeMarketBet', player.token, body, key);
    const again = await placeBet(t, 'bet/placeMarketBet', player.token, body, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.bet_id).toBe(first.json().data.bet_id);
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 850, exposure: 150 });
    const other = await placeBet(t, 'bet/placeMarketBet', player.token, { ...body, stack: 151 }, key);
    expect(other.statusCode).toBe(409);
    const count = await t.database.db
      .selectFrom('bets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses a suspended market with MARKET_SUSPENDED', async () => {
    const player = await t.newPlayer('suspend1');
    await t.credit(player.userId, 100_000);
    await t.database.db
      .insertInto('feed_suspensions')
      .values({ target: `M:${open.market.market_id}`, match_id: open.matchId, set_at: t.clock.now() })
      .execute();
    t.clock.advance(2_500);
    try {
      const runner = open.market.runners[0]!;
      const res = await placeBet(t, 'bet/placeMarketBet', player.token, bodyFor(runner, 1.01, 100, 1));
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('MARKET_SUSPENDED');
    } finally {
      await t.database.db.deleteFrom('feed_suspensions').where('target', '=', `M:${open.market.market_id}`).execute();
      t.clock.advance(2_500);
    }
  });
});

describe('bet/placeFancyBet', () => {
  it('takes Yes at the Yes line and No at the No line, and refuses a line that moved', async () => {
    const { fancy } = await findOpenFancy(t);
    const player = await t.newPlayer('fancy1');
    await t.credit(player.userId, 100_000);
    const base = { fancy_id: fancy.fancy_id, selection_id: fancy.selection_id, bet_type: 'F' };
    const yes = await placeBet(t, 'bet/placeFancyBet', player.token, {
      ...base,
      run: fancy.run_yes,
      size: fancy.size_yes,
      stack: 100,
      is_back: 1,
    });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().data).toMatchObject({ run: fancy.run_yes, odds: fancy.size_yes, liability: 100 });
    const no = await placeBet(t, 'bet/placeFancyBet', player.token, {
      ...base,
      run: fancy.run_no,
      size: fancy.size_no,
      stack: 100,
      is_back: 0,
    });
    expect(no.statusCode, no.body).toBe(200);
    const moved = await placeBet(t, 'bet/placeFancyBet', player.token, {
      ...base,
      run: (fancy.run_yes ?? 0) + 7,
      size: fancy.size_yes,
      stack: 100,
      is_back: 1,
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().code).toBe('ODDS_CHANGED');
    const list = await t.post('report/currentBets', {}, { token: player.token });
    expect(list.json().data.rows).toHaveLength(2);
    expect((await auditLedger(t.database.db)).faults).toEqual([]);
  });
});
