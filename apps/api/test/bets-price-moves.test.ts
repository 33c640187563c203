import { fancyRunPosition, type OddsChangedData } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, findOpenFancy, findOpenMatchOdds, type OpenMarket, placeBet } from './bets-support';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/**
 * What a slip needs when prices move. The test app's clock stands still, so the prices
 * read here are the prices a placement sees.
 */
let t: WalletApiApp;
let open: OpenMarket;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'bets-moves', SIM_SPEED: '1' } });
  open = await findOpenMatchOdds(t);
}, 60_000);
afterAll(async () => t.close());

function marketBody(selectionId: number, odds: number, isBack: 0 | 1, extra: Record<string, unknown> = {}) {
  return {
    match_id: open.matchId,
    market_id: open.market.market_id,
    selection_id: selectionId,
    odds,
    stack: 100,
    is_back: isBack,
    ...extra,
  };
}

/** A price below (back) or above (lay) the one on offer, still a valid price. */
function worse(odds: number, isBack: boolean): number {
  return Math.round((isBack ? odds - 0.1 : odds + 0.1) * 100) / 100;
}

describe('a refusal for a moved price', () => {
  it('carries the price on offer now in data, for a back and a lay', async () => {
    const player = await t.newPlayer('moved1');
    await t.credit(player.userId, 100_000);
    const runner = open.market.runners[0]!;
    const back = runner.back[0]!.odds;
    const lay = runner.lay[0]!.odds;
    const tooHigh = await placeBet(t, 'bet/placeMarketBet', player.token, marketBody(runner.selection_id, back + 1, 1));
    expect(tooHigh.statusCode).toBe(422);
    expect(tooHigh.json()).toMatchObject({ code: 'ODDS_CHANGED', data: { is_back: 1, odds: back, run: null } });
    const tooLow = await placeBet(t, 'bet/placeMarketBet', player.token, marketBody(runner.selection_id, 1.01, 0));
    expect(tooLow.json()).toMatchObject({ code: 'ODDS_CHANGED', data: { is_back: 0, odds: lay, run: null } });
    // The offered price, sent as it came, is taken.
    const taken = await placeBet(t, 'bet/placeMarketBet', player.token, marketBody(runner.selection_id, back, 1));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.odds).toBe(back);
  });

  it('carries the line and size on offer now for a fancy bet', async () => {
    const { fancy } = await findOpenFancy(t);
    const player = await t.newPlayer('moved2');
    await t.credit(player.userId, 100_000);
    const res = await placeBet(t, 'bet/placeFancyBet', player.token, {
      fancy_id: fancy.fancy_id,
      selection_id: fancy.selection_id,
      run: (fancy.run_yes ?? 0) + 3,
      size: fancy.size_yes,
      stack: 100,
      is_back: 1,
      bet_type: 'F',
    });
    expect(res.statusCode).toBe(422);
    const data = res.json().data as OddsChangedData;
    expect(data).toEqual({ is_back: 1, odds: fancy.size_yes, run: fancy.run_yes });
    expect(await balanceOf(t, player.token)).toMatchObject({ exposure: 0 });
  });
});

describe('accept any better price (the older option)', () => {
  it('changes nothing: a back or a lay takes the better price on offer whether it is sent or not (docs/betting.md "Best execution")', async () => {
    const player = await t.newPlayer('better1');
    await t.credit(player.userId, 100_000);
    const runner = open.market.runners[0]!;
    const back = runner.back[0]!.odds;
    const lay = runner.lay[0]!.odds;
    for (const extra of [{}, { accept_better_odds: false }, { accept_better_odds: true }]) {
      const taken = await placeBet(
        t,
        'bet/placeMarketBet',
        player.token,
        marketBody(runner.selection_id, worse(back, true), 1, extra),
      );
      expect(taken.statusCode, taken.body).toBe(200);
      // The player gets the higher odds: more to win on the same stake.
      expect(taken.json().data).toMatchObject({ odds: back, possible_win: Math.round((back - 1) * 100 * 100) / 100 });
    }
    const betterLay = await placeBet(
      t,
      'bet/placeMarketBet',
      player.token,
      marketBody(runner.selection_id, worse(lay, false), 0, { accept_better_odds: true }),
    );
    expect(betterLay.statusCode, betterLay.body).toBe(200);
    // A lay at the lower odds risks less.
    expect(betterLay.json().data).toMatchObject({ odds: lay, liability: Math.round((lay - 1) * 100 * 100) / 100 });

    const rows = (await t.post('report/currentBets', {}, { token: player.token })).json().data.rows as { odds: number }[];
    expect(rows.map((row) => row.odds).sort()).toEqual([back, back, back, lay].sort());
  });

  it('still refuses a price worse than the one asked', async () => {
    const player = await t.newPlayer('better2');
    await t.credit(player.userId, 100_000);
    const runner = open.market.runners[1]!;
    const back = runner.back[0]!.odds;
    const res = await placeBet(
      t,
      'bet/placeMarketBet',
      player.token,
      marketBody(runner.selection_id, back + 1, 1, { accept_better_odds: true }),
    );
    expect(res.json()).toMatchObject({ code: 'ODDS_CHANGED', data: { odds: back } });
  });
});

describe('the fancy run position', () => {
  it('is in the win/loss list and in current bets, run by run around the player’s lines', async () => {
    const { fancy, matchId } = await findOpenFancy(t);
    const player = await t.newPlayer('ladder1');
    await t.credit(player.userId, 100_000);
    const yes = await placeBet(t, 'bet/placeFancyBet', player.token, {
      fancy_id: fancy.fancy_id,
      selection_id: fancy.selection_id,
      run: fancy.run_yes,
      size: fancy.size_yes,
      stack: 100,
      is_back: 1,
      bet_type: 'F',
    });
    expect(yes.statusCode, yes.body).toBe(200);
    const expected = fancyRunPosition([
      { kind: 'fancy', isBack: true, run: fancy.run_yes!, size: fancy.size_yes!, stakePaise: 10_000 },
    ]).map((row) => ({ from_run: row.fromRun, to_run: row.toRun, profit_loss: row.profitLossPaise / 100 }));
    // Below the line the Yes bet loses its stake; from the line up it wins stake × size / 100.
    expect(expected[0]).toMatchObject({ from_run: 0, profit_loss: -100 });
    expect(expected.at(-1)).toMatchObject({ to_run: null, profit_loss: fancy.size_yes });

    const book = (await t.post('bet/getWinLossList', { match_id: matchId }, { token: player.token })).json().data;
    expect(book.fancy).toEqual([{ fancy_id: fancy.fancy_id, exposure: 100, run_position: expected }]);
    const current = (await t.post('report/currentBets', { limit: 1 }, { token: player.token })).json().data;
    expect(current.fancy).toEqual([
      { fancy_id: fancy.fancy_id, match_id: matchId, match_name: expect.any(String), name: fancy.name, run_position: expected },
    ]);
  });
});
