import type { MarketsSnapshot, MatchRow } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketChangeMessage } from '../src/modules/feed/betfair/stream-messages';
import { balanceOf, placeBet } from './bets-support';
import {
  type BetfairStreamServer,
  readRecording,
  startBetfairStreamServer,
  zipRecordings,
} from './support/betfair-stream-server';
import { makeTestCertificates, type TestCertificates } from './support/test-certificates';
import { testDatabaseKind } from './test-app';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/**
 * FEED=betfair end to end: the app as an operator configures it (app key, session token, stream
 * host and port, the test server's CA in BETFAIR_CA_FILE: verification stays on) against the local
 * TLS server speaking the Exchange Stream protocol, which streams the recorded greyhound race
 * (WIN and PLACE, as Betfair streamed them together). The server holds the race after HOLD_LINES
 * data lines (heartbeats only) while the test reads the prices and bets, then plays the rest:
 * the off, the close with Betfair's runner statuses, and the settlement they decide.
 */
const WIN = '1.197931750';
const PLACE = '1.197931751';
const TAPE = zipRecordings(readRecording(WIN), readRecording(PLACE));
const APP_KEY = 'live-app-key';
const SESSION = 'live-session-token';
/** The image and 79 changes: 18:25:53 recorded, a minute before the off (the market is open). */
const HOLD_LINES = 80;
const HELD_AT = TAPE[HOLD_LINES - 1]!.pt;
const CLOSED_AT = TAPE[TAPE.length - 1]!.pt;
/** Trap 2 wins the race in the recording; trap 4 loses. */
const WINNER = 37947503;
const LOSER = 42930960;

let certificates: TestCertificates;
let server: BetfairStreamServer;
let t: WalletApiApp;

/**
 * The best price offered to back each runner of `marketId` after the first `lines` frames, by a
 * model of its own: the recording's full ladders (`atb`: price and size, size 0 takes a price
 * away; an image starts the market again), never the app's cache.
 */
function bestBacks(tape: MarketChangeMessage[], lines: number, marketId: string): Map<number, number> {
  const ladders = new Map<number, Map<number, number>>();
  for (const frame of tape.slice(0, lines)) {
    for (const change of frame.mc ?? []) {
      if (change.id !== marketId) continue;
      if (change.img) ladders.clear();
      for (const runner of change.rc ?? []) {
        const ladder = ladders.get(runner.id) ?? new Map<number, number>();
        ladders.set(runner.id, ladder);
        for (const [price, size] of runner.atb ?? []) {
          if (size === 0) ladder.delete(price);
          else ladder.set(price, size);
        }
      }
    }
  }
  return new Map([...ladders].map(([id, ladder]) => [id, Math.max(...ladder.keys())]));
}

async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const data = async <T>(route: string, body: object, token?: string): Promise<T> => {
  const res = await t.post(route, body, token ? { token } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

/** The snapshot once `done` holds, the clock moved past the instance's one-second caches each look. */
const marketsWhen = (matchId: number, done: (snapshot: MarketsSnapshot) => boolean) =>
  eventually(async () => {
    t.clock.advance(1_100);
    const snapshot = await data<MarketsSnapshot>('market/getMarkets', { match_id: matchId });
    return done(snapshot) ? snapshot : undefined;
  });

beforeAll(async () => {
  certificates = makeTestCertificates();
  server = await startBetfairStreamServer({
    tls: certificates.server,
    appKey: APP_KEY,
    sessions: new Set([SESSION]),
    tape: TAPE,
  });
  server.holdNext(HOLD_LINES);
  t = await createWalletApiApp({
    // The site's clock at the held moment: the race is a minute away, as it was on the exchange.
    clockStart: HELD_AT,
    env: {
      FEED: 'betfair',
      BETFAIR_APP_KEY: APP_KEY,
      BETFAIR_SESSION_TOKEN: SESSION,
      BETFAIR_STREAM_HOST: '127.0.0.1',
      BETFAIR_STREAM_PORT: String(server.port),
      BETFAIR_CA_FILE: certificates.server.certFile,
      BETFAIR_EVENT_TYPES: '4339',
      BETFAIR_COUNTRIES: 'GB',
      BETFAIR_MARKET_TYPES: 'WIN,PLACE',
      BETFAIR_HEARTBEAT_MS: '1000',
      SEED_DEMO_DATA: '0',
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await server?.close();
  certificates?.remove();
});

describe(`FEED=betfair: the live stream through the app (${testDatabaseKind()})`, () => {
  it('answers Betfair ids and the streamed best back, takes a bet at it, and settles it from the close', async () => {
    // Subscribed as configured, with the app key and session token the operator gave.
    const row = await eventually(async () => {
      const rows = await data<MatchRow[]>('match/getMatches', { sport_id: 4339, is_active: '1' });
      return rows.find((item) => item.match_odds?.market_id === WIN);
    });
    expect(server.subscriptions()[0]?.marketFilter).toMatchObject({
      eventTypeIds: ['4339'],
      countryCodes: ['GB'],
      marketTypes: ['WIN', 'PLACE'],
    });
    expect(server.received().find((message) => message.op === 'authentication')).toMatchObject({
      appKey: APP_KEY,
      session: SESSION,
    });
    expect(row).toMatchObject({ series_name: 'Sheffield', in_play: false });
    expect(row.start_time).toBe('2022-04-19T18:26:00.000Z');

    // Every held line applied: the WIN market's best backs are the model's.
    const expected = bestBacks(TAPE, HOLD_LINES, WIN);
    expect(expected.get(WINNER)).toBeGreaterThan(1);
    let snapshot: MarketsSnapshot | undefined;
    const bestBackOf = async () => {
      t.clock.advance(1_100); // past the instance's one-second caches
      snapshot = await data<MarketsSnapshot>('market/getMarkets', { match_id: row.match_id });
      const runners = snapshot.markets.find((market) => market.market_id === WIN)?.runners ?? [];
      return Object.fromEntries(runners.map((runner) => [runner.selection_id, runner.back[0]?.odds]));
    };
    await expect.poll(bestBackOf, { timeout: 20_000 }).toEqual(Object.fromEntries(expected));
    const win = snapshot!.markets.find((market) => market.market_id === WIN)!;
    expect(win).toMatchObject({ market_type: 'WIN', status: 'OPEN', in_play: false });
    expect(snapshot!.markets.find((market) => market.market_id === PLACE)).toMatchObject({ number_of_winners: 2 });
    expect(win.runners.map((runner) => runner.selection_id)).toEqual([
      44331354, 37947503, 36276560, 42930960, 40095374, 39823721,
    ]);
    // The stream names no runner before the close (no catalogue here): each shows its trap, never blank.
    expect(win.runners.map((runner) => [runner.cloth_number, runner.name])).toEqual([
      [1, 'Trap 1'],
      [2, 'Trap 2'],
      [3, 'Trap 3'],
      [4, 'Trap 4'],
      [5, 'Trap 5'],
      [6, 'Trap 6'],
    ]);

    const winning = await t.newPlayer('bflivewin');
    const losing = await t.newPlayer('bflivelose');
    await t.credit(winning.userId, 10_000_00);
    await t.credit(losing.userId, 10_000_00);
    const bets = [
      { player: winning, selection: WINNER },
      { player: losing, selection: LOSER },
    ];
    for (const { player, selection } of bets) {
      const odds = expected.get(selection)!;
      const placed = await placeBet(t, 'bet/placeMarketBet', player.token, {
        match_id: row.match_id,
        market_id: WIN,
        selection_id: selection,
        odds,
        stack: 100,
        is_back: 1,
      });
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json().data).toMatchObject({ odds, stack: 100 });
    }
    expect((await balanceOf(t, winning.token)).exposure).toBe(100);

    // The rest of the race: suspended at the off, closed with trap 2 the WINNER.
    server.release();
    t.clock.advance(CLOSED_AT + 1_000 - t.clock.now());
    await marketsWhen(row.match_id, (s) => s.markets.every((market) => market.status === 'CLOSED'));
    // Both players' histories in each look: the fake clock moves on, and a player left idle while
    // the other's settlement is awaited would be logged out (SESSION_IDLE_MINUTES) on a slow machine.
    const history = (token: string) =>
      data<{ rows: { status: string; profit_loss: number; market_id: string }[] }>('report/betHistory', {}, token);
    const [won, lost] = await eventually(async () => {
      await t.app.jobs.runDue();
      t.clock.advance(2_100);
      const [first, second] = await Promise.all([history(winning.token), history(losing.token)]);
      return first.rows.length > 0 && second.rows.length > 0 ? ([first.rows[0], second.rows[0]] as const) : undefined;
    });
    expect(won).toMatchObject({ status: 'won', market_id: WIN });
    expect(won?.profit_loss).toBeCloseTo((expected.get(WINNER)! - 1) * 100, 2);
    expect(lost).toMatchObject({ status: 'lost', market_id: WIN, profit_loss: -100 });
    expect(await balanceOf(t, winning.token)).toMatchObject({
      exposure: 0,
      free_chip: 10_000 + (expected.get(WINNER)! - 1) * 100,
    });
    expect(await balanceOf(t, losing.token)).toMatchObject({ exposure: 0, free_chip: 9_900 });
    // One connection all along: the hold was heartbeats, not a silence the watchdog ends.
    expect(server.connections()).toBe(1);
  });
});
