import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exposurePaise, type MarketBet, positionOf, winAndLoss } from '@app/shared';
import type { Insertable } from 'kysely';
import { loadConfig } from '../../apps/api/src/config/env';
import { moneyTransaction } from '../../apps/api/src/db/unit-of-work';
import { systemClock } from '../../apps/api/src/lib/clock';
import type { BetsTable } from '../../apps/api/src/modules/bets/bets.table';
import { createSettlementService } from '../../apps/api/src/modules/bets/settlement.service';
import { createSessionsService } from '../../apps/api/src/modules/sessions/sessions.service';
import { insertUser } from '../../apps/api/src/modules/users/users.repository';
import { createBonusModule } from '../../apps/api/src/modules/bonus';
import { createMoneyModule } from '../../apps/api/src/modules/money';
import { prepareDatabase } from '../../apps/api/src/startup';
import type autocannon from 'autocannon';
import pg from 'pg';
import { benchCashOut } from './bets-cash-out';
import { type RawBet, type RawPlacer, rawPostgresPlacer, rawSqlitePlacer } from './bets-raw';
import {
  type BenchContext,
  type BenchScenario,
  formatMs,
  formatRate,
  formatRatio,
  freePort,
  percentile,
  postgresCpuSeconds,
  type RunningServer,
} from './harness';
import { benchCustomer } from './wallet-ledger';
import { farMatchOdds } from '../../apps/api/test/bets-support';

/**
 * The betting scenario (docs/benchmarks.md, "Current figures" holds each target):
 * - bet placements per second through HTTP from 200 players against the raw driver placing the
 *   same bets with the same statements (bets-raw.ts), on SQLite and on PostgreSQL behind two API
 *   instances; and settling one market that holds 100,000 bets (1,000 players × 100), on SQLite;
 * - placement by players with 2,000 earlier bets each in the market against players with none (the
 *   running position: target ≥ 0.9×), on SQLite and on PostgreSQL;
 * - cash-out quotes for 1,000 positions on one market as prices change (bets-cash-out.ts; docs/betting.md, "Cash out").
 * BENCH_SMOKE=1 runs every part small and short, to show it works (no figures).
 */
const SMOKE = process.env.BENCH_SMOKE === '1';
/** `BENCH_BETS_ONLY=postgres` (or `sqlite`) runs that database's placements only, without the settling. */
const ONLY = process.env.BENCH_BETS_ONLY as 'postgres' | 'sqlite' | undefined;
const PLAYERS = SMOKE ? 20 : 1_000;
const BETS_PER_PLAYER = 100;
const TARGET_SECONDS = 5;
const TARGET = 'M:1.bench';
const RUNNERS = [101, 102, 103];

const PLACING_PLAYERS = SMOKE ? 20 : 200;
const PLAYER_FUNDS = 1_000_000_000;
/** Placement against the raw driver: SQLite with one instance, PostgreSQL with two (docs/benchmarks.md). */
const SQLITE_TARGET_RATIO = 1.0;
const POSTGRES_TARGET_RATIO = 0.9;
/** The placements' p99 through HTTP against the raw driver's. */
const P99_TARGET_RATIO = 1.5;
/** Connections the HTTP load opens in all; the raw PostgreSQL side runs as many writers. */
const CONNECTIONS = 32;
const WARM_UP_SECONDS = SMOKE ? 1 : 3;
const SLICES = SMOKE ? 1 : 4;
const SLICE_SECONDS = SMOKE ? 1 : 2;
/** Earlier bets of each player in the market, and the players of each side. */
const EARLIER_BETS = 2_000;
const HISTORY_PLAYERS = SMOKE ? 4 : 50;
/** Placement with 2,000 earlier bets, or with responsible-play limits (docs/responsible-play.md), against none. */
const GROUP_TARGET_RATIO = 0.9;
/** High enough that no limit refuses a bench bet. */
const LIMIT_RUPEES = 10_000_000;

/** 200 players with a session and money, written straight into the server's database (as wallet.ts does). */
async function placingPlayers(server: RunningServer, count = PLACING_PLAYERS, prefix = 'benchbet'): Promise<string[]> {
  const database = await prepareDatabase(loadConfig({ ...server.env, SEED_DEMO_DATA: '0', LOG_LEVEL: 'silent' }));
  const sessions = createSessionsService(database.db, systemClock, { idleMinutes: 60 });
  const { money } = createMoneyModule({ db: database.db, clock: systemClock });
  const tokens: string[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const userId = await insertUser(database.db, benchCustomer(`${prefix}${String(index).padStart(3, '0')}`));
      const token = await moneyTransaction(database.db, { userIds: [userId], now: Date.now() }, async (trx) => {
        await money.operatorAdjust(trx, {
          userId,
          direction: 'credit',
          amount: PLAYER_FUNDS,
          reference: `bench:bets:${userId}`,
          reason: 'bench',
        });
        return (await sessions.start(trx, userId, { ip: '127.0.0.1', userAgent: 'bench' })).token;
      });
      tokens.push(token);
    }
    return tokens;
  } finally {
    await database.close();
  }
}

/** A match-odds market of a match an hour or more away (no in-play delay), from the server itself. */
async function farMarket(server: RunningServer) {
  const database = await prepareDatabase(loadConfig({ ...server.env, SEED_DEMO_DATA: '0', LOG_LEVEL: 'silent' }));
  try {
    return await farMatchOdds(database.db, server.url);
  } finally {
    await database.close();
  }
}

interface SliceTotals {
  placements: number;
  seconds: number;
  p99Ms: number;
  failures: number;
  /** CPU seconds of the placing side (the API instances, or the raw driver's process) and of PostgreSQL. */
  cpuSeconds: number;
  postgresCpuSeconds: number;
  /** Round trips to PostgreSQL (the API's `db_postgres_writes_total`, the raw driver's queries). */
  roundTrips: number;
  /** Every placement's latency in ms, over all slices: the p99 both sides are compared by. */
  latencies: number[];
}

const noTotals = (): SliceTotals => ({
  placements: 0,
  seconds: 0,
  p99Ms: 0,
  failures: 0,
  cpuSeconds: 0,
  postgresCpuSeconds: 0,
  roundTrips: 0,
  latencies: [],
});

/** Adds what `slice` cost to `totals`: the side's CPU (`cpu`), PostgreSQL's and the round trips (`trips`). */
async function measured(totals: SliceTotals, cpu: () => number, trips: () => Promise<number>, slice: () => Promise<void>) {
  const before = { cpu: cpu(), postgres: postgresCpuSeconds(), trips: await trips() };
  await slice();
  totals.cpuSeconds += cpu() - before.cpu;
  totals.postgresCpuSeconds += postgresCpuSeconds() - before.postgres;
  totals.roundTrips += (await trips()) - before.trips;
}

/** The API instances' socket writes to PostgreSQL so far, from their metrics (one write per round trip). */
async function postgresWritesOf(servers: RunningServer[]): Promise<number> {
  let total = 0;
  for (const server of servers) {
    const port = server.env.METRICS_PORT;
    if (!port) return 0;
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    total += Number(/^db_postgres_writes_total (\d+)/m.exec(text)?.[1] ?? 0);
  }
  return total;
}

const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** `writers` loops placing raw bets for `seconds`, each cycling through the players from its own start. */
async function rawSlice(placer: RawPlacer, bets: RawBet[], writers: number, seconds: number, totals: SliceTotals) {
  const deadline = performance.now() + seconds * 1000;
  const { latencies } = totals;
  let count = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let index = writer * 7; performance.now() < deadline; index += 1) {
        const started = performance.now();
        await placer.place(bets[index % bets.length]!);
        latencies.push(performance.now() - started);
        count += 1;
      }
    }),
  );
  totals.placements += count;
  totals.seconds += seconds;
}

/**
 * Placement requests of `tokens`' players, each request for the next player in turn from `start`,
 * whichever connection sends it: connections do not queue on one player's lock together, as the raw
 * writers, each cycling from its own start, do not (autocannon starts every connection of a plain
 * request list at its first request, so all of them would bet for the same player at once).
 */
function placementRequests(tokens: string[], body: string, start: number): autocannon.Request[] {
  let next = start;
  return [
    {
      method: 'POST',
      path: '/api/bet/placeMarketBet',
      body,
      setupRequest: (request: autocannon.Request) => ({
        ...request,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}` },
      }),
    },
  ];
}

/** The HTTP load split over the API instances, `CONNECTIONS` in all, for `seconds`. */
async function httpSlice(
  servers: RunningServer[],
  bets: { tokens: string[]; body: string },
  seconds: number,
  load: BenchContext['load'],
  totals: SliceTotals,
) {
  const results = await Promise.all(
    servers.map((server, index) =>
      load({
        url: server.url,
        server,
        method: 'POST',
        latencies: totals.latencies,
        requests: placementRequests(bets.tokens, bets.body, Math.floor((index * bets.tokens.length) / servers.length)),
        connections: CONNECTIONS / servers.length,
        durationSeconds: seconds,
      }),
    ),
  );
  for (const result of results) {
    totals.placements += result.requestsPerSecond * seconds;
    totals.p99Ms = Math.max(totals.p99Ms, result.p99Ms);
    totals.failures += result.non2xx + result.errors;
  }
  totals.seconds += seconds;
}

/**
 * Placements per second through HTTP against the raw driver placing the same bets, alternating in
 * short slices after a warm-up of each, so the machine's busy moments fall on both alike.
 */
async function comparePlacements(
  context: BenchContext,
  label: string,
  servers: RunningServer[],
  raw: { placer: RawPlacer; writers: number; postgres: boolean },
) {
  const server = servers[0]!;
  const tokens = await placingPlayers(server);
  const market = await farMarket(server);
  // A back at 1.01 is taken at any offered price: every request is a full placement.
  const body = JSON.stringify({ ...market, odds: 1.01, stack: 100, is_back: 1 });
  const requests = { tokens, body };
  const rawBets: RawBet[] = tokens.map((token) => ({
    token,
    matchId: market.match_id,
    marketId: market.market_id,
    selectionId: market.selection_id,
    odds: 101,
    stakePaise: 10_000,
  }));
  const http = noTotals();
  const direct = noTotals();
  await httpSlice(servers, requests, WARM_UP_SECONDS, context.load, noTotals());
  await rawSlice(raw.placer, rawBets, raw.writers, WARM_UP_SECONDS, noTotals());
  const serversCpu = () => servers.reduce((sum, item) => sum + item.cpuSeconds(), 0);
  const rawTrips = async () => raw.placer.roundTrips();
  for (let slice = 0; slice < SLICES; slice += 1) {
    await measured(
      http,
      serversCpu,
      () => postgresWritesOf(servers),
      () => httpSlice(servers, requests, SLICE_SECONDS, context.load, http),
    );
    await measured(direct, ownCpuSeconds, rawTrips, () => rawSlice(raw.placer, rawBets, raw.writers, SLICE_SECONDS, direct));
  }
  await raw.placer.close();
  const httpP99 = percentile(http.latencies, 0.99);
  const rawP99 = percentile(direct.latencies, 0.99);
  const httpRate = http.placements / http.seconds;
  const rawRate = direct.placements / direct.seconds;
  context.report({
    name: `POST bet/placeMarketBet, ${PLACING_PLAYERS} players, ${label}`,
    value: formatRate(httpRate),
    note: `p99 ${formatMs(httpP99)}${http.failures > 0 ? `, ${http.failures} failed` : ''}`,
  });
  context.report({
    name: '  raw driver, the same statements, one transaction per bet',
    value: formatRate(rawRate),
    note: `p99 ${formatMs(rawP99)}`,
  });
  context.report({
    name: '  ratio to raw',
    value: formatRatio(httpRate / rawRate, raw.postgres ? POSTGRES_TARGET_RATIO : SQLITE_TARGET_RATIO),
  });
  if (!raw.postgres) return;
  const p99Ratio = httpP99 / rawP99;
  context.report({
    name: '  p99 against raw (each over all its slices)',
    value: `${p99Ratio.toFixed(2)}x`,
    note: `target ≤ ${P99_TARGET_RATIO} ${p99Ratio <= P99_TARGET_RATIO ? 'PASS' : 'MISS'}`,
  });
  for (const [name, totals] of [
    ['  per bet, the API instances', http],
    ['  per bet, the raw driver', direct],
  ] as const) {
    const perBet = (seconds: number) => `${((seconds * 1e6) / totals.placements).toFixed(0)} µs`;
    context.report({
      name,
      value: `CPU ${perBet(totals.cpuSeconds)}`,
      note: `PostgreSQL ${perBet(totals.postgresCpuSeconds)}${totals.roundTrips > 0 ? `, ${(totals.roundTrips / totals.placements).toFixed(1)} round trips` : ''}`,
    });
  }
}

type Market = Awaited<ReturnType<typeof farMarket>>;

/**
 * Gives each player of `tokens` `EARLIER_BETS` open bets in `market` — backs and lays across its
 * runners at varied odds — as placement would have left them: the bet rows, the running position
 * and the exposure held.
 */
async function addEarlierBets(server: RunningServer, tokens: string[], market: Market): Promise<void> {
  const database = await prepareDatabase(loadConfig({ ...server.env, SEED_DEMO_DATA: '0', LOG_LEVEL: 'silent' }));
  const { money } = createMoneyModule({ db: database.db, clock: systemClock });
  const sessions = createSessionsService(database.db, systemClock, { idleMinutes: 60 });
  const target = `M:${market.market_id}`;
  try {
    const runners = (
      await database.db.selectFrom('market_runners').select('selection_id').where('market_id', '=', market.market_id).execute()
    ).map((row) => Number(row.selection_id));
    for (const token of tokens) {
      const { userId } = await sessions.resolve(token, { countsAsActivity: false });
      const bets: MarketBet[] = Array.from({ length: EARLIER_BETS }, (_, index) => ({
        kind: 'match_odds',
        selectionId: runners[index % runners.length]!,
        isBack: index % 3 !== 0,
        odds: 150 + (index % 50),
        stakePaise: 10_000 + index,
      }));
      const rows: Insertable<BetsTable>[] = bets.map((bet, index) => {
        const { winPaise, lossPaise } = winAndLoss(bet);
        return {
          user_id: userId,
          reference: `bench:history:${index}`,
          target,
          kind: 'match_odds',
          sport_id: 4,
          match_id: market.match_id,
          match_name: 'bench',
          market_id: market.market_id,
          fancy_id: null,
          market_name: 'Match Odds',
          selection_id: bet.selectionId,
          selection_name: 'runner',
          is_back: bet.isBack ? 1 : 0,
          odds: bet.odds,
          run: null,
          stake: bet.stakePaise,
          liability: lossPaise,
          possible_win: winPaise,
          status: 'open',
          profit_loss: null,
          settlement_id: null,
          placed_at: Date.now(),
          settled_at: null,
        };
      });
      const position = positionOf(bets);
      await moneyTransaction(database.db, { userIds: [userId], now: Date.now() }, async (tx) => {
        for (let at = 0; at < rows.length; at += 200)
          await tx
            .insertInto('bets')
            .values(rows.slice(at, at + 200))
            .execute();
        await tx
          .insertInto('bet_positions')
          .values({ user_id: userId, target, baseline: position.baseline, updated_at: Date.now() })
          .execute();
        await tx
          .insertInto('bet_position_steps')
          .values([...position.steps].map(([stepKey, amount]) => ({ user_id: userId, target, step_key: stepKey, amount })))
          .execute();
        await money.holdForBet(tx, {
          userId,
          subject: `market:${market.market_id}`,
          exposure: exposurePaise(bets, runners),
          stake: { product: 'match_odds', amount: rows.reduce((sum, row) => sum + (row.stake ?? 0), 0) },
          cause: 'bench: earlier bets',
        });
      });
    }
  } finally {
    await database.close();
  }
}

/**
 * Placements per second through HTTP by players with `EARLIER_BETS` open bets each in the market
 * against players with none, in alternating slices: with the running position a bet's cost does
 * not depend on the player's history there.
 */
async function compareHistory(context: BenchContext, label: string, servers: RunningServer[]) {
  const server = servers[0]!;
  const market = await farMarket(server);
  const fresh = await placingPlayers(server, HISTORY_PLAYERS, 'benchnew');
  const veterans = await placingPlayers(server, HISTORY_PLAYERS, 'benchold');
  await addEarlierBets(server, veterans, market);
  const { base, other } = await alternateGroups(context, servers, market, fresh, veterans);
  reportGroups(
    context,
    `no earlier bets in the market, ${label}`,
    base,
    `${EARLIER_BETS.toLocaleString('en')} earlier bets per player in the market`,
    other,
  );
}

/**
 * Placements per second by players with a loss limit and a stake limit on every period (set
 * high enough never to refuse) against players with none: every stake passes the limits' check
 * (docs/responsible-play.md), which must cost little.
 */
async function compareLimits(context: BenchContext, label: string, servers: RunningServer[]) {
  const server = servers[0]!;
  const market = await farMarket(server);
  const free = await placingPlayers(server, HISTORY_PLAYERS, 'benchfree');
  const limited = await placingPlayers(server, HISTORY_PLAYERS, 'benchlimit');
  for (const token of limited) {
    for (const kind of ['loss', 'stake']) {
      for (const period of ['day', 'week', 'month']) {
        const res = await fetch(`${server.url}/api/rg/setLimit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ kind, period, amount: LIMIT_RUPEES }),
        });
        if (!res.ok) throw new Error(`rg/setLimit answered ${res.status}: ${await res.text()}`);
      }
    }
  }
  const { base, other } = await alternateGroups(context, servers, market, free, limited);
  reportGroups(context, `no limits, ${label}`, base, 'a loss and a stake limit on every period', other);
}

/** Two groups of players placing the same bet in alternating slices after a warm-up of each. */
async function alternateGroups(context: BenchContext, servers: RunningServer[], market: Market, base: string[], other: string[]) {
  const body = JSON.stringify({ ...market, odds: 1.01, stack: 100, is_back: 1 });
  const requestsOf = (tokens: string[]) => ({ tokens, body });
  const baseTotals = noTotals();
  const otherTotals = noTotals();
  await httpSlice(servers, requestsOf(base), WARM_UP_SECONDS, context.load, { ...baseTotals });
  await httpSlice(servers, requestsOf(other), WARM_UP_SECONDS, context.load, { ...otherTotals });
  for (let slice = 0; slice < SLICES; slice += 1) {
    await httpSlice(servers, requestsOf(base), SLICE_SECONDS, context.load, baseTotals);
    await httpSlice(servers, requestsOf(other), SLICE_SECONDS, context.load, otherTotals);
  }
  return { base: baseTotals, other: otherTotals };
}

function reportGroups(context: BenchContext, baseLabel: string, base: SliceTotals, otherLabel: string, other: SliceTotals) {
  const note = (totals: SliceTotals) =>
    `p99 ${formatMs(totals.p99Ms)}${totals.failures > 0 ? `, ${totals.failures} failed` : ''}`;
  const rate = (totals: SliceTotals) => totals.placements / totals.seconds;
  context.report({ name: `POST bet/placeMarketBet, ${baseLabel}`, value: formatRate(rate(base)), note: note(base) });
  context.report({ name: `  ${otherLabel}`, value: formatRate(rate(other)), note: note(other) });
  context.report({ name: '  ratio', value: formatRatio(rate(other) / rate(base), GROUP_TARGET_RATIO) });
}

/** A fresh PostgreSQL schema the API instances share; dropped by the returned function. */
async function postgresSchema(): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_bets_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE SCHEMA ${schema}`);
  return { url, schema, drop: () => run(`DROP SCHEMA ${schema} CASCADE`) };
}

export const betsScenario: BenchScenario = {
  name: 'bets: placements through HTTP vs the raw driver (SQLite, PostgreSQL), cash-out quotes, settling 100,000 bets',
  async run(context) {
    const { report } = context;
    if (ONLY !== 'postgres') await sqliteScenarios(context);
    if (ONLY !== 'sqlite') await postgresScenarios(context);
    if (ONLY === undefined) await settleOneMarket(report);
  },
};

/** Placement, history, limits and cash-out quotes on SQLite, one instance. */
async function sqliteScenarios(context: BenchContext): Promise<void> {
  const api = await context.startApi();
  await comparePlacements(context, 'SQLite synchronous=FULL', [api], {
    placer: rawSqlitePlacer(api.env.DATABASE_URL!.slice('sqlite:'.length)),
    writers: 1,
    postgres: false,
  });
  await compareHistory(context, 'SQLite', [api]);
  await compareLimits(context, 'SQLite', [api]);
  await benchCashOut(context, api, {
    players: (count, prefix) => placingPlayers(api, count, prefix),
    market: () => farMarket(api),
  });
  await api.stop();
}

/** Placement, history and limits on PostgreSQL behind two API instances. */
async function postgresScenarios(context: BenchContext): Promise<void> {
  const target = await postgresSchema();
  try {
    const env = { DATABASE_URL: target.url, DATABASE_SCHEMA: target.schema };
    // With metrics, for the round trips each instance makes (db_postgres_writes_total).
    const first = await context.startApi({ ...env, METRICS_PORT: String(await freePort()) });
    const second = await context.startApi({ ...env, METRICS_PORT: String(await freePort()) });
    await comparePlacements(context, 'PostgreSQL, two API instances', [first, second], {
      placer: rawPostgresPlacer(target.url, target.schema, 20),
      writers: CONNECTIONS,
      postgres: true,
    });
    await compareHistory(context, 'PostgreSQL, two API instances', [first, second]);
    await compareLimits(context, 'PostgreSQL, two API instances', [first, second]);
    await Promise.all([first.stop(), second.stop()]);
  } finally {
    await target.drop();
  }
}

/** Settles one market of 100,000 bets (1,000 players × 100) on SQLite. */
async function settleOneMarket(report: BenchContext['report']): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'casino-bets-bench-'));
  const database = await prepareDatabase(
    loadConfig({ DATABASE_URL: `sqlite:${path.join(folder, 'bets.db')}`, SEED_DEMO_DATA: '0', LOG_LEVEL: 'silent' }),
  );
  try {
    const db = database.db;
    const { money } = createMoneyModule({ db, clock: systemClock });
    const { bonuses } = createBonusModule({ db, clock: systemClock, money });
    for (let index = 0; index < PLAYERS; index += 1) {
      const userId = await insertUser(db, benchCustomer(`settle${index}`));
      // Backs and lays across the runners at varied odds, each player's exposure held as placement would.
      const rows: Insertable<BetsTable>[] = Array.from({ length: BETS_PER_PLAYER }, (_, bet) => ({
        user_id: userId,
        reference: `bench:${bet}`,
        target: TARGET,
        kind: 'match_odds',
        sport_id: 4,
        match_id: 1,
        match_name: 'bench',
        market_id: '1.bench',
        fancy_id: null,
        market_name: 'Match Odds',
        selection_id: RUNNERS[bet % RUNNERS.length]!,
        selection_name: 'runner',
        is_back: bet % 3 === 0 ? 0 : 1,
        odds: 150 + (bet % 50),
        run: null,
        stake: 10_000 + bet,
        liability: 0,
        possible_win: 0,
        status: 'open',
        profit_loss: null,
        settlement_id: null,
        placed_at: Date.now(),
        settled_at: null,
      }));
      const bets: MarketBet[] = rows.map((row) => ({
        kind: 'match_odds',
        selectionId: row.selection_id,
        isBack: row.is_back === 1,
        odds: row.odds,
        stakePaise: row.stake,
      }));
      await moneyTransaction(db, { userIds: [userId], now: Date.now() }, async (tx) => {
        await money.operatorAdjust(tx, {
          userId,
          direction: 'credit',
          amount: 100_000_000,
          reference: `bench:settle:${userId}`,
          reason: 'bench',
        });
        for (let at = 0; at < rows.length; at += 50)
          await tx
            .insertInto('bets')
            .values(rows.slice(at, at + 50))
            .execute();
        await money.holdForBet(tx, {
          userId,
          subject: 'market:1.bench',
          exposure: exposurePaise(bets, RUNNERS),
          stake: { product: 'match_odds', amount: rows.reduce((sum, row) => sum + (row.stake ?? 0), 0) },
          cause: 'bench',
        });
      });
    }
    const settlement = createSettlementService(db, systemClock, { money, bonuses });
    const started = performance.now();
    const result = await settlement.settle(TARGET, { outcome: 'winner', winnerSelectionId: RUNNERS[0]! }, 'operator');
    const seconds = (performance.now() - started) / 1000;
    report({
      name: `settle one market: ${result.bets.toLocaleString('en')} bets, ${PLAYERS} players`,
      value: `${seconds.toFixed(2)} s`,
      note: `target ≤ ${TARGET_SECONDS} s ${seconds <= TARGET_SECONDS ? 'met' : 'MISSED'}`,
    });
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
