import path from 'node:path';
import type { MarketsSnapshot, MatchRow } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, placeBet } from './bets-support';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures/betfair');
const WIN = '1.197931750';
const PLACE = '1.197931751';
/** The recordings' first message (2022-04-19T18:24:33.420Z) plays when the app starts; the race is off at 18:26:00. */
const FIRST_PT = Date.parse('2022-04-19T18:24:33.420Z');

let t: WalletApiApp;
let startedAt: number;

/** Polls (real time) until `check` answers something, at most `timeoutMs`. */
async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const data = async <T>(route: string, body: object, token?: string): Promise<T> => {
  const res = await t.post(route, body, token ? { token } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

beforeAll(async () => {
  t = await createWalletApiApp({
    env: {
      FEED: 'betfair-file',
      FEED_FILES: [WIN, PLACE].map((file) => path.join(FIXTURES, file)).join(','),
      SEED_DEMO_DATA: '1',
    },
  });
  startedAt = t.clock.now();
}, 60_000);
afterAll(async () => t?.close());

/** Moves the test clock to the moment recorded at `iso` and waits until the replay has played it. */
async function playUntil(iso: string, matchId: number, done: (snapshot: MarketsSnapshot) => boolean) {
  t.clock.advance(startedAt + (Date.parse(iso) - FIRST_PT) - t.clock.now());
  return eventually(async () => {
    t.clock.advance(1_100); // past the instance's one-second caches
    const snapshot = await data<MarketsSnapshot>('market/getMarkets', { match_id: matchId });
    return done(snapshot) ? snapshot : undefined;
  });
}

describe('FEED=betfair-file: a recorded greyhound race end to end', () => {
  it('answers the recorded markets, takes a back bet at the best offered back price and settles it from the file', async () => {
    const row = await eventually(async () => {
      const rows = await data<MatchRow[]>('match/getMatches', { sport_id: 4339, is_active: '1' });
      return rows.find((item) => item.match_odds?.market_id === WIN);
    });
    // Shifted as the messages are: the off (18:26:00) is 86.58 s after the first message.
    const off = startedAt + Date.parse('2022-04-19T18:26:00Z') - FIRST_PT;
    expect(row).toMatchObject({ series_name: 'Sheffield', in_play: false, start_time: new Date(off).toISOString() });
    expect(row.name).toBe(`Sheffield ${new Date(off).toISOString().slice(11, 16)}`); // London is on UTC in January
    const snapshot = await data<MarketsSnapshot>('market/getMarkets', { match_id: row.match_id });
    const win = snapshot.markets.find((market) => market.market_id === WIN);
    const place = snapshot.markets.find((market) => market.market_id === PLACE);
    expect(win).toMatchObject({ market_type: 'WIN', status: 'OPEN', in_play: false, bet_delay_s: 0 });
    expect(place).toMatchObject({ market_type: 'PLACE', number_of_winners: 2 });
    expect(win?.runners.map((runner) => runner.selection_id)).toEqual([
      44331354, 37947503, 36276560, 42930960, 40095374, 39823721,
    ]);
    expect(win?.runners[0]).toMatchObject({ name: 'Paradise Mission', cloth_number: 1 });
    // The first image's best back on trap 4 (42930960) is 8.8, its best lay 9.
    const trap4 = win?.runners.find((runner) => runner.selection_id === 42930960);
    expect(trap4?.back[0]?.odds).toBe(8.8);
    expect(trap4?.lay[0]?.odds).toBe(9);

    const player = await t.newPlayer('bfplayer');
    await t.credit(player.userId, 100_000_00);
    // Trap 2 (37947503) wins the race in the recording.
    const winner = win?.runners.find((runner) => runner.selection_id === 37947503);
    const odds = winner?.back[0]?.odds ?? 0;
    expect(odds).toBeGreaterThan(1);
    const placed = await placeBet(t, 'bet/placeMarketBet', player.token, {
      match_id: row.match_id,
      market_id: WIN,
      selection_id: 37947503,
      odds,
      stack: 100,
      is_back: 1,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toMatchObject({ odds, stack: 100 });

    // The off (suspended at 18:27:18), then the result (closed at 18:29:56).
    await playUntil('2022-04-19T18:27:19Z', row.match_id, (s) => s.markets.every((m) => m.status === 'SUSPENDED'));
    await playUntil('2022-04-19T18:29:57Z', row.match_id, (s) => s.markets.every((m) => m.status === 'CLOSED'));
    await eventually(async () => {
      await t.app.jobs.runDue();
      t.clock.advance(2_100);
      const history = await data<{ rows: { status: string; profit_loss: number }[] }>('report/betHistory', {}, player.token);
      return history.rows.length ? history : undefined;
    });
    const history = await data<{ rows: { status: string; profit_loss: number; market_id: string }[] }>(
      'report/betHistory',
      {},
      player.token,
    );
    expect(history.rows[0]).toMatchObject({ status: 'won', market_id: WIN });
    expect(history.rows[0]?.profit_loss).toBeCloseTo((odds - 1) * 100, 2);
    const balance = await balanceOf(t, player.token);
    expect(balance.exposure).toBe(0);
  });
});
