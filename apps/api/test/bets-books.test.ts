import type { Market, MarketsSnapshot, MatchRow, WinLossRow } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, placeBet, snapshotsOf } from './bets-support';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/**
 * docs/betting.md "The win/loss list" and "Reports": every market's book tells the truth for each
 * runner, numbers of winners included, and current bets' exposure is the header's. The test app's
 * clock stands still, so the prices read here are the prices a placement sees.
 */
let t: WalletApiApp;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'racing', SIM_SPEED: '1' } });
}, 60_000);
afterAll(async () => t.close());

type BookMarket = { market_id: string; winners: number; exposure: number; win_loss: WinLossRow[] };

async function funded(name: string, paise = 1_000_000) {
  const player = await t.newPlayer(name);
  await t.credit(player.userId, paise);
  return player;
}

async function bookOf(token: string, matchId: number, marketId: string): Promise<BookMarket> {
  const res = await t.post('bet/getWinLossList', { match_id: matchId }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.markets as BookMarket[]).find((market) => market.market_id === marketId)!;
}

async function place(token: string, matchId: number, market: Market, index: number, side: 'back' | 'lay', stack: number) {
  const runner = market.runners[index]!;
  const res = await placeBet(t, 'bet/placeMarketBet', token, {
    match_id: matchId,
    market_id: market.market_id,
    selection_id: runner.selection_id,
    odds: runner[side][0]!.odds,
    stack,
    is_back: side === 'back' ? 1 : 0,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { odds: number };
}

/** The soonest race still to start with a Win and a Place market. */
async function nextRace(): Promise<MarketsSnapshot> {
  const rows = (await t.post('match/getMatches', { sport_id: 7, is_active: '1' })).json().data as MatchRow[];
  for (const row of rows.filter((item) => !item.in_play && !item.placings)) {
    const snapshot = (await t.post('market/getMarkets', { match_id: row.match_id })).json().data as MarketsSnapshot;
    if (snapshot.markets.length === 2 && snapshot.markets.every((market) => market.status === 'OPEN')) return snapshot;
  }
  throw new Error('no race with a Win and a Place market');
}

const rowOf = (book: BookMarket, market: Market, index: number) =>
  book.win_loss.find((row) => row.selection_id === market.runners[index]!.selection_id)!;
const cents = (value: number) => Math.round(value * 100) / 100;

describe('the book of a Place market', () => {
  it('after one back, every other runner shows the stake at risk if it places (not a green 0.00), and the backed runner what it costs if it does not', async () => {
    const race = await nextRace();
    const placeMarket = race.markets.find((market) => market.market_type === 'PLACE')!;
    const player = await funded('place1');
    const taken = await place(player.token, race.match.match_id, placeMarket, 0, 'back', 100);
    const book = await bookOf(player.token, race.match.match_id, placeMarket.market_id);
    const win = cents((taken.odds - 1) * 100);
    expect(book.winners).toBe(placeMarket.number_of_winners);
    expect(book.exposure).toBe(100);
    expect(rowOf(book, placeMarket, 0)).toMatchObject({
      profit_loss: win,
      profit_loss_best: win,
      if_loses: -100,
      if_loses_best: -100,
    });
    for (let index = 1; index < placeMarket.runners.length; index += 1) {
      // If this one places, the backed runner may place with it (+win) or not (−stake).
      expect(rowOf(book, placeMarket, index)).toMatchObject({ profit_loss: -100, profit_loss_best: win });
    }
  });

  it('two backs: the worst if a runner places counts the others placed with it', async () => {
    const race = await nextRace();
    const placeMarket = race.markets.find((market) => market.market_type === 'PLACE')!;
    const places = placeMarket.number_of_winners!;
    const player = await funded('place2');
    const first = await place(player.token, race.match.match_id, placeMarket, 0, 'back', 200);
    const second = await place(player.token, race.match.match_id, placeMarket, 1, 'back', 100);
    const book = await bookOf(player.token, race.match.match_id, placeMarket.market_id);
    const firstWin = cents((first.odds - 1) * 200);
    const secondWin = cents((second.odds - 1) * 100);
    expect(book.exposure).toBe(300);
    // Runner 0 places: runner 1 may not (worst) or may (best).
    expect(rowOf(book, placeMarket, 0)).toMatchObject({
      profit_loss: cents(firstWin - 100),
      profit_loss_best: cents(firstWin + secondWin),
    });
    // Runner 0 unplaced: at worst neither places.
    expect(rowOf(book, placeMarket, 0).if_loses).toBe(-300);
    // A runner nobody bet on places: at worst neither backed runner does.
    expect(rowOf(book, placeMarket, 3).profit_loss).toBe(-300);
    expect(rowOf(book, placeMarket, 3).profit_loss_best).toBe(
      places >= 3 ? cents(firstWin + secondWin) : cents(Math.max(firstWin - 100, secondWin - 200)),
    );
  });
});

describe('the book of one-winner markets', () => {
  it('Win, match odds and bookmaker: each runner the exact total if it wins, and the worst if it loses', async () => {
    const race = await nextRace();
    const winMarket = race.markets.find((market) => market.market_type === 'WIN')!;
    const player = await funded('win1');
    const taken = await place(player.token, race.match.match_id, winMarket, 0, 'back', 100);
    const book = await bookOf(player.token, race.match.match_id, winMarket.market_id);
    expect(book.winners).toBe(1);
    expect(rowOf(book, winMarket, 0)).toMatchObject({ profit_loss: cents((taken.odds - 1) * 100), if_loses: -100 });
    expect(rowOf(book, winMarket, 1)).toMatchObject({ profit_loss: -100, profit_loss_best: -100 });

    for (const type of ['MATCH_ODDS', 'BOOKMAKER'] as const) {
      const found = (await snapshotsOf(t))
        .flatMap((snapshot) => snapshot.markets.map((market) => ({ snapshot, market })))
        .find(
          ({ market }) =>
            market.market_type === type &&
            market.status === 'OPEN' &&
            market.runners.every((runner) => runner.back.length > 0 && runner.lay.length > 0),
        )!;
      const matchId = found.snapshot.match.match_id;
      const backed = await place(player.token, matchId, found.market, 0, 'back', 100);
      const won = type === 'BOOKMAKER' ? cents(backed.odds) : cents((backed.odds - 1) * 100);
      const marketBook = await bookOf(player.token, matchId, found.market.market_id);
      expect(rowOf(marketBook, found.market, 0)).toMatchObject({ profit_loss: won, profit_loss_best: won, if_loses: -100 });
      // Runner 1 beaten: with two runners the backed one won; with more, at worst a third one did.
      expect(rowOf(marketBook, found.market, 1)).toMatchObject({
        profit_loss: -100,
        if_loses: found.market.runners.length === 2 ? won : -100,
        if_loses_best: won,
      });
    }
  });
});

describe('current bets', () => {
  it('total the exposure the header shows, hedges netted, beside the bets’ own liabilities', async () => {
    const race = await nextRace();
    const winMarket = race.markets.find((market) => market.market_type === 'WIN')!;
    const player = await funded('current1');
    await place(player.token, race.match.match_id, winMarket, 0, 'back', 200);
    // A lay of the same runner covers most of the back: the header holds far less than the sum.
    const lay = await place(player.token, race.match.match_id, winMarket, 0, 'lay', 200);
    const cricket = (await snapshotsOf(t)).find(
      (snapshot) =>
        snapshot.match.sport_id === 4 && snapshot.markets.some((m) => m.market_type === 'MATCH_ODDS' && m.status === 'OPEN'),
    )!;
    const odds = cricket.markets.find((market) => market.market_type === 'MATCH_ODDS' && market.status === 'OPEN')!;
    await place(player.token, cricket.match.match_id, odds, 0, 'back', 100);

    const header = await balanceOf(t, player.token);
    const current = (await t.post('report/currentBets', {}, { token: player.token })).json().data;
    expect(current.totals.exposure).toBe(header.exposure);
    expect(current.totals.liability).toBe(cents(200 + (lay.odds - 1) * 200 + 100));
    expect(current.totals.liability).toBeGreaterThan(current.totals.exposure);
    // With a sport filter, that sport's markets only.
    const horses = (await t.post('report/currentBets', { sport_id: 7 }, { token: player.token })).json().data;
    const cricketOnly = (await t.post('report/currentBets', { sport_id: 4 }, { token: player.token })).json().data;
    expect(cricketOnly.totals.exposure).toBe(100);
    expect(cents(horses.totals.exposure + cricketOnly.totals.exposure)).toBe(header.exposure);
  });
});
