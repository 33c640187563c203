import { isOnOddsLadder } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedSync } from '../src/modules/markets/feed-sync';
import { createMarketsAdmin } from '../src/modules/markets/markets-admin.service';
import { createFeed } from '../src/modules/markets/markets.module';
import { createMarketsService } from '../src/modules/markets/markets.service';
import { createSportsService } from '../src/modules/sports/sports.service';
import { manualClock } from './accounts-support';
import { createTestApp, type TestApp } from './test-app';

const clock = manualClock(Date.UTC(2026, 10, 23, 12, 0, 0));
let t: TestApp;

const post = async (path: string, payload: unknown) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/${path}`, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SIM_SEED: 'calls', SIM_SPEED: '60' } });
  // A match whose name holds LIKE wildcards, to prove they match only themselves.
  const db = t.database.db;
  const upcoming = await db
    .selectFrom('matches')
    .select('match_id')
    .where('sport_id', '=', 4)
    .where('start_time', '>', clock.now() + 3_600_000)
    .executeTakeFirstOrThrow();
  await db.updateTable('matches').set({ name: '100% Club v Under_Dogs' }).where('match_id', '=', upcoming.match_id).execute();
});
afterAll(async () => t.close());

describe('series/getSeries and match/getMatches', () => {
  it('list the sport’s series, then its matches with the spec’s fields, in-play first', async () => {
    const series = await post('series/getSeries', { sport_id: 4, is_active: '1' });
    expect(series.status).toBe(200);
    expect(series.body.data.length).toBeGreaterThan(0);
    for (const row of series.body.data) expect(Object.keys(row).sort()).toEqual(['name', 'series_id']);
    const ipl = series.body.data.find((row: { name: string }) => row.name === 'Indian Premier League') ?? series.body.data[0];

    const matches = await post('match/getMatches', { sport_id: '4', is_active: '1', series_id: String(ipl.series_id) });
    expect(matches.status).toBe(200);
    const rows = matches.body.data as { in_play: boolean; series_id: number; start_time: string; match_odds: unknown }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.series_id === ipl.series_id)).toBe(true);
    const firstUpcoming = rows.findIndex((row) => !row.in_play);
    expect(rows.slice(firstUpcoming === -1 ? rows.length : firstUpcoming).every((row) => !row.in_play)).toBe(true);
    expect(rows[0]).toMatchObject({
      match_id: expect.any(Number),
      name: expect.stringContaining(' v '),
      match_name: expect.stringContaining(' v '),
      sport_id: 4,
      start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      in_play: expect.any(Boolean),
    });
  });

  it('answer empty lists for an inactive sport and refuse bad ids', async () => {
    await createSportsService(t.database.db, clock).setSportActive(1, false);
    clock.advance(2_500);
    expect((await post('series/getSeries', { sport_id: 1, is_active: '1' })).body.data).toEqual([]);
    expect((await post('match/getMatches', { sport_id: 1, is_active: '1' })).body.data).toEqual([]);
    await createSportsService(t.database.db, clock).setSportActive(1, true);
    const bad = await post('match/getMatches', { sport_id: 'cricket', is_active: '1' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: false, code: 'BAD_REQUEST' });
    expect((await post('series/getSeries', { sport_id: 4, extra: 1 })).status).toBe(400);
  });
});

describe('match/searchByMatchNameHeader', () => {
  it('finds at most 20 matches by name, ignoring case', async () => {
    const all = await post('match/searchByMatchNameHeader', { search: ' v ' });
    expect(all.body.data.length).toBe(20);
    const some = await post('match/searchByMatchNameHeader', { search: 'INDIA' });
    expect(some.body.data.length).toBeGreaterThan(0);
    for (const row of some.body.data) expect(row.name.toLowerCase()).toContain('india');
  });

  it('treats % and _ as themselves, not wildcards', async () => {
    for (const search of ['%', '0% c', '_', 'r_d']) {
      const found = await post('match/searchByMatchNameHeader', { search });
      expect(found.body.data.map((row: { name: string }) => row.name)).toEqual(['100% Club v Under_Dogs']);
    }
    expect((await post('match/searchByMatchNameHeader', { search: '\\' })).body.data).toEqual([]);
    expect((await post('match/searchByMatchNameHeader', { search: '' })).status).toBe(400);
  });
});

describe('live and upcoming lists', () => {
  it('split matches across sports by whether they are in play', async () => {
    const live = (await post('match/getLiveMatches', {})).body.data as { in_play: boolean; sport_id: number }[];
    const upcoming = (await post('match/getUpcomingMatches', {})).body.data as { in_play: boolean; start_time: string }[];
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((row) => row.in_play)).toBe(true);
    expect(new Set(upcoming.map((row) => row.in_play))).toEqual(new Set([false]));
    expect(upcoming.every((row) => Date.parse(row.start_time) > clock.now())).toBe(true);
  });
});

describe('market/getMarkets', () => {
  it('answers a cricket match: ladders best first, bookmaker, fancy lines, amounts in rupees', async () => {
    const live = (await post('match/getLiveMatches', {})).body.data as { match_id: number; sport_id: number }[];
    const cricket = live.find((row) => row.sport_id === 4);
    expect(cricket).toBeDefined();
    let snapshot = (await post('market/getMarkets', { match_id: cricket!.match_id })).body.data;
    // A wicket may have the market suspended right now: look a little later for open prices.
    for (let i = 0; i < 40 && snapshot.markets[0].status !== 'OPEN'; i++) {
      clock.advance(500);
      snapshot = (await post('market/getMarkets', { match_id: cricket!.match_id })).body.data;
    }
    expect(snapshot.match).toMatchObject({ match_id: cricket!.match_id, in_play: true, sport_id: 4 });
    expect(snapshot.match.scoreboard.status).toMatch(/in_play|break/);
    const [matchOdds, bookmaker] = snapshot.markets;
    expect(matchOdds).toMatchObject({ market_type: 'MATCH_ODDS', status: 'OPEN', in_play: true, bet_delay_s: 5, min_stake: 100 });
    for (const runner of matchOdds.runners) {
      expect(runner.back.length).toBe(3);
      expect(runner.back[0].odds).toBeLessThan(runner.lay[0].odds);
      expect(runner.back[0].odds).toBeGreaterThan(runner.back[1].odds);
      expect(runner.lay[0].odds).toBeLessThan(runner.lay[1].odds);
      expect(isOnOddsLadder(Math.round(runner.back[0].odds * 100))).toBe(true);
      expect(runner.back[0].size).toBeGreaterThan(0);
    }
    expect(bookmaker.market_id.startsWith('9991')).toBe(true);
    expect(bookmaker.market_name).toContain('Bookmaker');
    expect(snapshot.fancy.length).toBeGreaterThan(0);
    expect(Object.keys(snapshot.fancy[0]).sort()).toEqual(
      ['fancy_id', 'max_stake', 'min_stake', 'name', 'run_no', 'run_yes', 'selection_id', 'size_no', 'size_yes', 'status'].sort(),
    );
    expect(typeof snapshot.seq).toBe('number');
  });

  it('moves prices as time passes and stores results when the match ends', async () => {
    const live = (await post('match/getLiveMatches', {})).body.data as { match_id: number; sport_id: number }[];
    const cricket = live.find((row) => row.sport_id === 4)!;
    const prices = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const snapshot = (await post('market/getMarkets', { match_id: cricket.match_id })).body.data;
      prices.add(JSON.stringify(snapshot.markets[0].runners.map((runner: { back: unknown }) => runner.back)));
      clock.advance(2_000);
    }
    expect(prices.size).toBeGreaterThan(3);
    clock.advance(4 * 60_000);
    const sync = createFeedSync(t.database.db, clock, createFeed(t.config));
    // The app's own results sweep may get there first; either way the match ends up finished.
    await sync.recordResults();
    const row = await t.database.db
      .selectFrom('matches')
      .select('finished_at')
      .where('match_id', '=', cricket.match_id)
      .executeTakeFirstOrThrow();
    expect(row.finished_at).not.toBeNull();
    const results = await t.database.db.selectFrom('feed_results').selectAll().where('match_id', '=', cricket.match_id).execute();
    expect(results.filter((row) => row.target.startsWith('M:')).length).toBe(2);
    expect(results.filter((row) => row.target.startsWith('F:')).length).toBeGreaterThan(5);
    const after = (await post('market/getMarkets', { match_id: cricket.match_id })).body.data;
    expect(after.markets.every((market: { status: string }) => market.status === 'CLOSED')).toBe(true);
    expect(after.match.scoreboard.status).toBe('finished');
  });

  it('answers 404 for an unknown match and 400 for a bad id', async () => {
    const missing = await post('market/getMarkets', { match_id: 987654321 });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: false, code: 'NOT_FOUND' });
    expect((await post('market/getMarkets', { match_id: 'x' })).status).toBe(400);
  });
});

describe('the price check the bet module calls', () => {
  it('quotes a runner and a fancy line as the page shows them, and a suspension as no price', async () => {
    const markets = createMarketsService(t.database.db, clock, createFeed(t.config));
    const upcoming = (await post('match/getUpcomingMatches', {})).body.data as { match_id: number; sport_id: number }[];
    const matchId = upcoming.find((row) => row.sport_id === 4)!.match_id;
    const page = (await post('market/getMarkets', { match_id: matchId })).body.data;
    const [matchOdds, bookmaker] = page.markets;
    const runner = matchOdds.runners[0];
    const quote = await markets.quoteMarket(matchId, matchOdds.market_id, runner.selection_id);
    expect(quote).toMatchObject({ status: 'OPEN', inPlay: false, betDelaySeconds: 5, minStakePaise: 10_000 });
    expect(quote.bestBack).toBe(Math.round(runner.back[0].odds * 100));
    expect(quote.bestLay).toBe(Math.round(runner.lay[0].odds * 100));
    const bookmakerQuote = await markets.quoteMarket(matchId, bookmaker.market_id, bookmaker.runners[0].selection_id);
    expect(bookmakerQuote.bestBack).toBe(bookmaker.runners[0].back[0].odds);

    const line = page.fancy[0];
    expect(await markets.quoteFancy(matchId, line.fancy_id)).toMatchObject({
      status: 'OPEN',
      runNo: line.run_no,
      runYes: line.run_yes,
      sizeNo: line.size_no,
    });

    await createMarketsAdmin(t.database.db, clock).suspend({ marketId: matchOdds.market_id });
    markets.forget();
    expect(await markets.quoteMarket(matchId, matchOdds.market_id, runner.selection_id)).toMatchObject({
      status: 'SUSPENDED',
      bestBack: null,
      bestLay: null,
    });
    await createMarketsAdmin(t.database.db, clock).resume({ marketId: matchOdds.market_id });

    await expect(markets.quoteMarket(matchId, '1.000', runner.selection_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(markets.quoteFancy(matchId, 987654)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
