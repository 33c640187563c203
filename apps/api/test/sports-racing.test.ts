import {
  type Market,
  type MarketBet,
  type MarketsSnapshot,
  type MatchRow,
  marketBetProfitLossAmong,
  placesPaid,
  toOddsHundredths,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { balanceOf, placeBet } from './bets-support';
import { createWalletApiApp, PLAYER_PASSWORD, type WalletApiApp } from './wallet-support';

let t: WalletApiApp;

beforeAll(async () => {
  // 12:00 UTC: Ascot's card starts at 13:30, Towcester's dogs at 13:00; Mumbai's races are over.
  t = await createWalletApiApp({ env: { SIM_SEED: 'racing', SIM_SPEED: '1' } });
}, 60_000);
afterAll(async () => t.close());

const data = async <T>(path: string, body: object): Promise<T> => {
  const res = await t.post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

const snapshotOf = (matchId: number) => data<MarketsSnapshot>('market/getMarkets', { match_id: matchId });

/** Past the one-second cache of decided and suspended markets in this instance. */
const afterCaches = () => t.clock.advance(1_100);

/** Runs the recurring jobs (results sync, settle scan, settle jobs) until `done` holds. */
async function runJobsUntil(done: () => Promise<boolean>): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    if (await done()) return;
    t.clock.advance(2_100);
    await t.app.jobs.runDue();
  }
  throw new Error('the jobs never got there');
}

async function funded(name: string, paise: number) {
  const player = await t.newPlayer(name);
  await t.credit(player.userId, paise);
  return player;
}

/** The soonest race of the sport still to start whose Place market pays `places` (any when omitted). */
async function nextRace(sportId: number, fits: (snapshot: MarketsSnapshot) => boolean): Promise<MarketsSnapshot> {
  const rows = await data<MatchRow[]>('match/getMatches', { sport_id: sportId, is_active: '1' });
  for (const row of rows.filter((item) => !item.in_play && !item.placings)) {
    const snapshot = await snapshotOf(row.match_id);
    if (fits(snapshot)) return snapshot;
  }
  throw new Error(`no fitting race of sport ${sportId}`);
}

const marketOf = (snapshot: MarketsSnapshot, type: 'WIN' | 'PLACE') => snapshot.markets.find((m) => m.market_type === type)!;

function bet(market: Market, index: number, side: 'back' | 'lay', stack: number) {
  const runner = market.runners[index]!;
  const odds = runner[side][0]!.odds;
  return { market_id: market.market_id, selection_id: runner.selection_id, odds, stack, is_back: side === 'back' ? 1 : 0 };
}

describe('racing: the contract', () => {
  it('lists races as "Venue HH:MM" for sports 7 and 4339, with Win and Place markets and runners by cloth number', async () => {
    for (const sportId of [7, '4339']) {
      const rows = await data<MatchRow[]>('match/getMatches', { sport_id: sportId, is_active: '1' });
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) {
        expect(row.sport_id).toBe(Number(sportId));
        expect(row.name).toMatch(/^[A-Z][A-Za-z ]+ \d\d:\d\d$/);
        expect(row.name.startsWith(row.series_name)).toBe(true);
      }
      const snapshot = await snapshotOf(rows.find((row) => !row.in_play && !row.placings)!.match_id);
      const win = marketOf(snapshot, 'WIN');
      expect(win).toMatchObject({ market_name: 'Win', status: 'OPEN', in_play: false });
      const runners = win.runners;
      expect(runners.map((runner) => runner.cloth_number)).toEqual(runners.map((_, index) => index + 1));
      for (const runner of runners) {
        expect(runner).toMatchObject({ selection_id: expect.any(Number), name: expect.any(String), form: expect.any(String) });
        expect(runner.back.length).toBeGreaterThan(0);
        expect(runner.lay.length).toBeGreaterThan(0);
        expect(runner.jockey === undefined).toBe(sportId === '4339');
      }
      const place = snapshot.markets.find((market) => market.market_type === 'PLACE');
      if (runners.length < 5) expect(place).toBeUndefined();
      else {
        expect(place).toMatchObject({ market_name: 'Place', number_of_winners: placesPaid(runners.length) });
        expect(place!.runners.map((runner) => runner.selection_id)).toEqual(runners.map((runner) => runner.selection_id));
      }
      // Match odds of other sports carry none of the race fields.
      expect(snapshot.match.scoreboard.home).toBe(snapshot.match.series_name);
    }
    const cricket = await data<MatchRow[]>('match/getUpcomingMatches', {});
    const other = await snapshotOf(cricket.find((row) => row.sport_id === 4)!.match_id);
    expect(Object.keys(other.markets[0]!.runners[0]!).sort()).toEqual(['back', 'lay', 'name', 'selection_id']);
    expect(other.markets[0]).not.toHaveProperty('number_of_winners');
  });
});

describe('racing: bets and settlement', () => {
  it('takes Win and Place bets, holds the worst case over every set of placed runners, and settles them from the result', async () => {
    const race = await nextRace(7, (snapshot) => snapshot.markets.length === 2);
    const matchId = race.match.match_id;
    const win = marketOf(race, 'WIN');
    const place = marketOf(race, 'PLACE');
    const places = place.number_of_winners!;
    const backer = await funded('raceback', 1_000_000);
    const layer = await funded('racelay', 1_000_000);
    const bets = [
      { player: backer, body: bet(win, 0, 'back', 100) },
      { player: backer, body: bet(place, 0, 'back', 200) },
      { player: backer, body: bet(place, 1, 'back', 100) },
      { player: layer, body: bet(place, 2, 'lay', 100) },
      { player: layer, body: bet(win, 1, 'lay', 100) },
    ];
    for (const item of bets) {
      const res = await placeBet(t, 'bet/placeMarketBet', item.player.token, { match_id: matchId, ...item.body });
      expect(res.statusCode, res.body).toBe(200);
    }
    const model = (body: (typeof bets)[number]['body']): MarketBet => ({
      kind: 'match_odds',
      selectionId: body.selection_id,
      isBack: body.is_back === 1,
      odds: toOddsHundredths('match_odds', body.odds)!,
      stakePaise: body.stack * 100,
    });
    // Backing two runners to be placed: the worst case is neither placed (both stakes), not one of them.
    const book = (await t.post('bet/getWinLossList', { match_id: matchId }, { token: backer.token })).json().data;
    const placeBook = book.markets.find((item: { market_id: string }) => item.market_id === place.market_id);
    expect(placeBook.exposure).toBe(300);
    const ifPlaced = (index: number) =>
      placeBook.win_loss.find((row: { selection_id: number }) => row.selection_id === place.runners[index]!.selection_id)
        .profit_loss;
    // Each runner's figure is the total if it places, at worst over the others (docs/betting.md "The win/loss list").
    expect(ifPlaced(0)).toBeCloseTo(Math.floor(200 * (bets[1]!.body.odds - 1) * 100) / 100 - 100, 2);
    expect(ifPlaced(3)).toBe(-300);
    expect((await balanceOf(t, backer.token)).exposure).toBe(400);

    // The off: both markets suspend and refuse bets. (The players' sessions have gone idle meanwhile.)
    t.clock.advance(Date.parse(race.match.start_time) - t.clock.now() + 1_000);
    backer.token = await t.login('raceback', PLAYER_PASSWORD);
    layer.token = await t.login('racelay', PLAYER_PASSWORD);
    const off = await snapshotOf(matchId);
    expect(off.match.in_play).toBe(true);
    expect(off.markets.map((market) => market.status)).toEqual(['SUSPENDED', 'SUSPENDED']);
    const refused = await placeBet(t, 'bet/placeMarketBet', backer.token, { match_id: matchId, ...bet(win, 0, 'back', 100) });
    expect(refused.json()).toMatchObject({ status: false, code: 'MARKET_SUSPENDED' });

    // The finish: placings on the page, the result stored, the bets settled by the durable job.
    t.clock.advance(5 * 60_000);
    await runJobsUntil(async () => {
      const rows = await t.database.db.selectFrom('bets').select('status').where('match_id', '=', matchId).execute();
      return rows.every((row) => row.status !== 'open');
    });
    const result = await snapshotOf(matchId);
    expect(result.match.scoreboard.status).toBe('finished');
    const placings = result.match.scoreboard.placings!;
    expect(placings).toHaveLength(win.runners.length);
    const placed = placings.slice(0, places).map((placing) => placing.selection_id);
    expect(result.markets.every((market) => market.status === 'CLOSED')).toBe(true);

    const expected = new Map<number, number>([
      [backer.userId, 0],
      [layer.userId, 0],
    ]);
    for (const item of bets) {
      const winners = item.body.market_id === win.market_id ? [placed[0]!] : placed;
      const profit = marketBetProfitLossAmong(model(item.body), winners);
      expected.set(item.player.userId, expected.get(item.player.userId)! + profit);
    }
    for (const player of [backer, layer]) {
      expect(await balanceOf(t, player.token)).toEqual(
        expect.objectContaining({ exposure: 0, free_chip: (1_000_000 + expected.get(player.userId)!) / 100 }),
      );
    }
    const rows = await t.database.db
      .selectFrom('bets')
      .select(['selection_id', 'market_id', 'status'])
      .where('match_id', '=', matchId)
      .execute();
    const placeBack = rows.find(
      (row) => row.market_id === place.market_id && Number(row.selection_id) === place.runners[0]!.selection_id,
    )!;
    expect(placeBack.status).toBe(placed.includes(place.runners[0]!.selection_id) ? 'won' : 'lost');
    const settlement = await t.database.db
      .selectFrom('bet_settlements')
      .selectAll()
      .where('target', '=', `M:${place.market_id}`)
      .executeTakeFirstOrThrow();
    expect(settlement).toMatchObject({ outcome: 'winner', winner_selection_ids: placed.join(','), source: 'feed' });

    // The race card keeps the result (with its first placings); live and upcoming lists do not.
    const card = await data<MatchRow[]>('match/getMatches', { sport_id: 7, is_active: '1' });
    const row = card.find((item) => item.match_id === matchId)!;
    expect(row.placings!.map((placing) => placing.selection_id)).toEqual(
      placings.slice(0, 3).map((placing) => placing.selection_id),
    );
    expect(row.match_odds?.status).toBe('CLOSED');
    const upcoming = await data<MatchRow[]>('match/getUpcomingMatches', {});
    const live = await data<MatchRow[]>('match/getLiveMatches', {});
    expect([...upcoming, ...live].some((item) => item.match_id === matchId)).toBe(false);
  }, 60_000);

  it('an operator declares a Place market with every placed runner, and the market shows its result at once', async () => {
    const race = await nextRace(4339, (snapshot) => snapshot.markets.length === 2);
    const place = marketOf(race, 'PLACE');
    const places = place.number_of_winners!;
    const player = await funded('dogplace', 100_000);
    const placedBet = bet(place, 0, 'back', 100);
    expect(
      (await placeBet(t, 'bet/placeMarketBet', player.token, { match_id: race.match.match_id, ...placedBet })).statusCode,
    ).toBe(200);
    const out: string[] = [];
    const err: string[] = [];
    const admin = (...argv: string[]) =>
      runAdmin(argv, t.config, { out: (line) => out.push(line), err: (line) => err.push(line) });
    const ids = place.runners.map((runner) => String(runner.selection_id));
    expect(await admin('market', 'result', '--market', place.market_id, '--winner', ids[0]!)).not.toBe(0);
    expect(err.join('\n')).toContain(`pays ${places} runners`);
    expect(await admin('market', 'result', '--market', place.market_id, '--winner', [ids[0], ids[0]].join(','))).not.toBe(0);
    expect(await t.database.db.selectFrom('bet_settlements').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ target: `M:${place.market_id}` }),
    );
    const winners = ids.slice(1, 1 + places);
    expect(await admin('market', 'result', '--market', place.market_id, '--winner', winners.join(','))).toBe(0);
    expect(out.at(-1)).toBe(`M:${place.market_id} settled (settlement 1): 1 bets`);
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 900, exposure: 0 });
    afterCaches();
    const after = marketOf(await snapshotOf(race.match.match_id), 'PLACE');
    expect(after).toMatchObject({ status: 'CLOSED', closed_by: 'result' });
    expect(after.runners.every((runner) => runner.back.length === 0 && runner.lay.length === 0)).toBe(true);
    // The Win market of the same race is still open: only the declared market closed.
    expect(marketOf(await snapshotOf(race.match.match_id), 'WIN').status).toBe('OPEN');
  }, 60_000);
});
