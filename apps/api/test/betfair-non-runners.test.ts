import path from 'node:path';
import type { BetRow, MarketsSnapshot, MatchRow, StatementRow } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBetsService } from '../src/modules/bets/bets.service';
import type { MarketQuote, MarketsService } from '../src/modules/markets';
import { PLAYER_PASSWORD, createWalletApiApp, type WalletApiApp } from './wallet-support';

/**
 * A recorded BASIC horse race (Hamilton, 14 June 2017) with two non-runners: Hellavashock (7.14 %)
 * and Hymn For The Dudes (5.55 %) are withdrawn hours before the off, Brother Mcgonagall wins.
 * BASIC recordings carry no offers, so the bets are placed through the placement service with a
 * quote at a fixed price; everything else (removals, factors, result, settlement) comes from the
 * file through the app.
 */
const FILE = path.resolve(import.meta.dirname, 'fixtures/betfair/BASIC-1.132153978.gz');
const MARKET = '1.132153978';
const FIRST_PT = Date.parse('2017-06-13T10:53:40.318Z');
const WINNER = 12115648; // Brother Mcgonagall
const FIRST_OUT = 11198538; // Hellavashock, 7.14 %
const SECOND_OUT = 9606433; // Hymn For The Dudes, 5.55 %
const LOSER = 10299545; // Match My Fire

let t: WalletApiApp;
let startedAt: number;
let matchId: number;

async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const snapshot = async () => (await t.post('market/getMarkets', { match_id: matchId })).json().data as MarketsSnapshot;

/** Moves the clock to the recorded moment `iso` and waits until the page shows what `done` wants. */
async function playUntil(iso: string, done: (s: MarketsSnapshot) => boolean) {
  t.clock.advance(startedAt + (Date.parse(iso) - FIRST_PT) - t.clock.now());
  return eventually(async () => {
    t.clock.advance(1_100);
    const s = await snapshot();
    return done(s) ? s : undefined;
  });
}

/** The placement service, quoting this market OPEN at `odds` both sides (a BASIC recording offers nothing). */
function placementAt(odds: number) {
  const db = t.database.db;
  const quote = async (match: number, marketId: string, selectionId: number): Promise<MarketQuote> => ({
    matchId: match,
    ...(await db
      .selectFrom('matches')
      .select(['sport_id as sportId', 'name as matchName'])
      .where('match_id', '=', match)
      .executeTakeFirstOrThrow()),
    marketId,
    marketName: 'Win',
    numberOfWinners: 1,
    runners: (
      await db
        .selectFrom('market_runners')
        .select(['selection_id', 'name'])
        .where('market_id', '=', marketId)
        .orderBy('sort_order')
        .execute()
    ).map((runner) => ({ selection_id: Number(runner.selection_id), name: runner.name })),
    marketType: 'WIN',
    selectionId,
    status: 'OPEN',
    inPlay: false,
    betDelaySeconds: 0,
    minStakePaise: 100,
    maxStakePaise: 100_000_000,
    bestBack: odds,
    bestLay: odds,
  });
  const markets = { quoteMarket: quote } as unknown as MarketsService;
  return createBetsService(t.database.db, t.clock, { markets, money: t.module.money });
}

async function bet(userId: number, selectionId: number, isBack: boolean, odds: number) {
  const service = placementAt(odds);
  return service.placeMarketBet(
    { userId, sessionId: 1, idempotency: null },
    { match_id: matchId, market_id: MARKET, selection_id: selectionId, odds: odds / 100, stack: 100, is_back: isBack ? 1 : 0 },
  );
}

beforeAll(async () => {
  t = await createWalletApiApp({ env: { FEED: 'betfair-file', FEED_FILES: FILE } });
  startedAt = t.clock.now();
  const row = await eventually(async () => {
    const rows = (await t.post('match/getMatches', { sport_id: 7, is_active: '1' })).json().data as MatchRow[];
    return rows.find((item) => item.match_odds?.market_id === MARKET);
  });
  matchId = row.match_id;
}, 60_000);
afterAll(async () => t?.close());

describe('a recorded race with two non-runners (BASIC)', () => {
  it('shows names from the file and no offers, voids bets on the non-runners and reduces earlier bets by the compounded factors', async () => {
    const first = await snapshot();
    const win = first.markets[0]!;
    expect(win).toMatchObject({ market_id: MARKET, market_type: 'WIN', market_name: 'Win', status: 'OPEN' });
    expect(win.runners).toHaveLength(14);
    expect(win.runners[0]).toMatchObject({ selection_id: WINNER, name: 'Brother Mcgonagall', back: [], lay: [] });
    expect(first.match.name).toMatch(/^Hamilton \d\d:\d\d$/);

    const player = await t.newPlayer('nonrunner');
    await t.credit(player.userId, 1_000_000);
    await bet(player.userId, WINNER, true, 500); // before both removals: × 0.9286 × 0.9445
    await bet(player.userId, FIRST_OUT, true, 1_000); // on a non-runner: void
    await bet(player.userId, LOSER, false, 400); // a lay before both: its price up-rounded

    // Hellavashock is withdrawn (first seen so at 07:01:41.932).
    const afterFirst = await playUntil('2017-06-14T07:01:43Z', (s) =>
      Boolean(s.markets[0]?.runners.find((runner) => runner.selection_id === FIRST_OUT)?.is_removed),
    );
    expect(afterFirst.markets[0]?.runners.find((runner) => runner.selection_id === FIRST_OUT)).toMatchObject({
      back: [],
      lay: [],
    });
    await bet(player.userId, WINNER, true, 500); // only the second removal applies

    await playUntil('2017-06-14T09:24:43Z', (s) =>
      Boolean(s.markets[0]?.runners.find((runner) => runner.selection_id === SECOND_OUT)?.is_removed),
    );
    await bet(player.userId, WINNER, true, 500); // after both: its own price

    // The last traded prices show as the race nears (BASIC: last traded, never offers).
    const late = await playUntil(
      '2017-06-14T18:41:43Z',
      (s) => s.markets[0]?.runners.some((runner) => runner.last_traded) ?? false,
    );
    expect(late.markets[0]?.runners.every((runner) => runner.back.length === 0 && runner.lay.length === 0)).toBe(true);

    await playUntil('2017-06-14T18:59:43Z', (s) => s.markets[0]?.status === 'CLOSED');
    const token = await t.login('nonrunner', PLAYER_PASSWORD);
    const history = await eventually(async () => {
      await t.app.jobs.runDue();
      t.clock.advance(2_100);
      const rows = ((await t.post('report/betHistory', {}, { token })).json().data as { rows: BetRow[] }).rows;
      return rows.length === 5 ? rows : undefined;
    });
    const removals = await t.database.db.selectFrom('feed_runner_removals').selectAll().orderBy('removed_at').execute();
    expect(removals.map((row) => [Number(row.selection_id), Number(row.factor_milli)])).toEqual([
      [FIRST_OUT, 7_140],
      [SECOND_OUT, 5_550],
    ]);

    const byId = [...history].sort((a, b) => a.bet_id - b.bet_id);
    // 5.00 × 0.9286 × 0.9445 = 4.385 → 4.38: ₹100 wins ₹338.
    expect(byId[0]).toMatchObject({ status: 'won', odds: 5, settled_odds: 4.38, profit_loss: 338 });
    expect(byId[1]).toMatchObject({ status: 'void', profit_loss: 0 });
    expect(byId[1]?.settled_odds).toBeUndefined();
    // The lay of a loser wins its stake; its price is reduced too (4.00 → 3.51, up for a lay).
    expect(byId[2]).toMatchObject({ status: 'won', odds: 4, settled_odds: 3.51, profit_loss: 100 });
    // 5.00 × 0.9445 = 4.7225 → 4.72.
    expect(byId[3]).toMatchObject({ status: 'won', settled_odds: 4.72, profit_loss: 372 });
    expect(byId[4]).toMatchObject({ status: 'won', profit_loss: 400 });
    expect(byId[4]?.settled_odds).toBeUndefined();

    const statement = (await t.post('report/accountStatement', {}, { token })).json().data as { rows: StatementRow[] };
    const line = statement.rows.find((row) => row.subject === `market:${MARKET}`);
    expect(line?.description).toContain('reduced prices 5.00 → 4.38, 4.00 → 3.51, 5.00 → 4.72');
    expect(line?.credit).toBe(338 + 100 + 372 + 400);
  });
});
