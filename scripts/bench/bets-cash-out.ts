import { type CashOutKind, type MarketBet, marketProfitLossIfWins, quoteCashOut } from '@app/shared';
import type autocannon from 'autocannon';
import { createSimulatedFeed } from '../../apps/api/src/modules/feed/sim/simulator';
import type { FeedFixture, FeedMarketState } from '../../apps/api/src/modules/feed/odds-feed';
import { type BenchContext, formatMs, formatRate, percentile, type RunningServer } from './harness';

/**
 * Cash-out quotes for 1,000 open positions on one market as its prices change. The site
 * recomputes a player's value in their own browser at each live delta (the shared model), and the
 * server prices one on each quote and cash out; the target is every position's value recomputed
 * within one 250 ms price moment. Two figures: the model over 1,000 positions at each moment of an
 * in-play market (the recompute), and `bet/cashOutQuote` through HTTP from 1,000 players with a
 * position in one market (what a server answers). BENCH_SMOKE=1: a few moments and players.
 */
const SMOKE = process.env.BENCH_SMOKE === '1';
const POSITIONS = SMOKE ? 50 : 1_000;
const MOMENTS = SMOKE ? 8 : 480;
const MOMENT_MS = 250;
const HTTP_PLAYERS = SMOKE ? 20 : 1_000;
const HTTP_SECONDS = SMOKE ? 1 : 10;
const CONNECTIONS = 32;

/** A small deterministic stream of numbers in [0, 1). */
function stream(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * An in-play fixture of the simulator with an open match-odds market (3 runners when football has
 * one): now, or at the first moment of the next day that has one (the simulator's day has quiet
 * hours with nothing in play).
 */
function inPlayMarket(): { fixture: FeedFixture; key: string; at: number } {
  const feed = createSimulatedFeed({ seed: 'bench-cash-out', speed: 1 });
  const now = Date.now();
  for (let at = now; at < now + 86_400_000; at += 5 * 60_000) {
    for (const fixture of feed.fixtures(at - 86_400_000, at + 86_400_000)) {
      if (fixture.sportId !== 1 && fixture.sportId !== 4) continue;
      const state = feed.state(fixture, at);
      const market = state.markets.find((item) => item.key === 'MO' && item.status === 'OPEN');
      if (state.phase === 'IN_PLAY' && market) return { fixture, key: 'MO', at };
    }
  }
  throw new Error('no in-play match-odds market in the simulator over the next day');
}

function pricesOf(market: FeedMarketState | undefined) {
  if (!market || market.status !== 'OPEN') return null;
  return market.runners.map((runner) => ({
    selectionId: runner.selectionId,
    back: runner.back[0]?.odds ?? null,
    lay: runner.lay[0]?.odds ?? null,
  }));
}

/** The model over every position at each price moment of one in-play market. */
function benchModel(context: BenchContext): void {
  const feed = createSimulatedFeed({ seed: 'bench-cash-out', speed: 1 });
  const { fixture, key, at } = inPlayMarket();
  const kind: CashOutKind = 'match_odds';
  const start = pricesOf(feed.state(fixture, at).markets.find((item) => item.key === key))!;
  const random = stream(24);
  const positions = Array.from({ length: POSITIONS }, () => {
    const bets: MarketBet[] = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
      const runner = start[Math.floor(random() * start.length)]!;
      const isBack = random() < 0.6;
      const odds = (isBack ? runner.back : runner.lay) ?? 200;
      return { kind, selectionId: runner.selectionId, isBack, odds, stakePaise: (100 + Math.floor(random() * 9_900)) * 100 };
    });
    return new Map(start.map((runner) => [runner.selectionId, marketProfitLossIfWins(bets, runner.selectionId)]));
  });
  const perMoment: number[] = [];
  let quotes = 0;
  let quotedMs = 0;
  for (let moment = 0; moment < MOMENTS; moment += 1) {
    const prices = pricesOf(feed.state(fixture, at + moment * MOMENT_MS).markets.find((item) => item.key === key));
    if (!prices) continue;
    const started = performance.now();
    for (const position of positions) {
      quoteCashOut(
        kind,
        prices.map((runner) => ({ ...runner, profitLossPaise: position.get(runner.selectionId) ?? 0 })),
      );
    }
    const ms = performance.now() - started;
    perMoment.push(ms);
    quotes += positions.length;
    quotedMs += ms;
  }
  const worst = percentile(perMoment, 0.99);
  context.report({
    name: `cash-out value of ${POSITIONS.toLocaleString('en')} positions on one in-play market, each 250 ms moment (model)`,
    value: formatMs(worst),
    note: `p99 of ${perMoment.length} moments; ${Math.round((quotes / quotedMs) * 1000).toLocaleString('en')} quotes/s; target ≤ ${MOMENT_MS} ms ${worst <= MOMENT_MS ? 'met' : 'MISSED'}`,
  });
}

export interface CashOutBenchSetup {
  /** Players with a session and money on `server` (the placement benchmark's). */
  players(count: number, prefix: string): Promise<string[]>;
  /** A match-odds market an hour or more away (no in-play delay) and a runner with a back price. */
  market(): Promise<{ match_id: number; market_id: string; selection_id: number }>;
}

/** `bet/cashOutQuote` through HTTP: every player holds a position in one market. */
async function benchHttp(context: BenchContext, server: RunningServer, setup: CashOutBenchSetup): Promise<void> {
  const tokens = await setup.players(HTTP_PLAYERS, 'benchco');
  const market = await setup.market();
  const place = async (token: string, index: number) => {
    const response = await fetch(`${server.url}/api/bet/placeMarketBet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...market, odds: 1.01, stack: 100 + (index % 50) * 10, is_back: 1 }),
    });
    if (!response.ok) throw new Error(`a position could not be placed: ${await response.text()}`);
  };
  for (let at = 0; at < tokens.length; at += 16)
    await Promise.all(tokens.slice(at, at + 16).map((token, i) => place(token, at + i)));
  const body = JSON.stringify({ market_id: market.market_id });
  const requests: autocannon.Request[] = tokens.map((token) => ({
    method: 'POST',
    path: '/api/bet/cashOutQuote',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  }));
  const result = await context.load({
    url: server.url,
    server,
    method: 'POST',
    requests,
    connections: CONNECTIONS,
    durationSeconds: HTTP_SECONDS,
  });
  const momentMs = (HTTP_PLAYERS / result.requestsPerSecond) * 1000;
  context.report({
    name: `POST bet/cashOutQuote, ${HTTP_PLAYERS.toLocaleString('en')} positions on one market, one instance`,
    value: formatRate(result.requestsPerSecond),
    note: `all ${HTTP_PLAYERS.toLocaleString('en')} in ${formatMs(momentMs)}; p99 ${formatMs(result.p99Ms)}${
      result.non2xx + result.errors > 0 ? `; ${result.non2xx + result.errors} failed` : ''
    }`,
  });
}

export async function benchCashOut(context: BenchContext, server: RunningServer, setup: CashOutBenchSetup): Promise<void> {
  benchModel(context);
  await benchHttp(context, server, setup);
}
