import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exposurePaise, type MarketBet } from '@app/shared';
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
import { type RawBet, type RawPlacer, rawPostgresPlacer, rawSqlitePlacer } from './bets-raw';
import {
  type BenchContext,
  type BenchScenario,
  formatMs,
  formatRate,
  formatRatio,
  percentile,
  type RunningServer,
} from './harness';
import { benchCustomer } from './wallet-ledger';
import { farMatchOdds } from '../../apps/api/test/bets-support';

/**
 * Issue 12: bet placements per second through HTTP from 200 players against the raw driver placing
 * the same bets with the same statements (bets-raw.ts), on SQLite and on PostgreSQL behind two API
 * instances; and settling one market that holds 100,000 bets (1,000 players × 100), on SQLite.
 */
const PLAYERS = 1_000;
const BETS_PER_PLAYER = 100;
const TARGET_SECONDS = 5;
const TARGET = 'M:1.bench';
const RUNNERS = [101, 102, 103];

const PLACING_PLAYERS = 200;
const PLAYER_FUNDS = 1_000_000_000;
const PLACEMENT_TARGET_RATIO = 0.5;
/** Connections the HTTP load opens in all; the raw PostgreSQL side runs as many writers. */
const CONNECTIONS = 32;
const WARM_UP_SECONDS = 3;
const SLICES = 4;
const SLICE_SECONDS = 2;

/** 200 players with a session and money, written straight into the server's database (as wallet.ts does). */
async function placingPlayers(server: RunningServer): Promise<string[]> {
  const database = await prepareDatabase(loadConfig({ ...server.env, SEED_DEMO_DATA: '0', LOG_LEVEL: 'silent' }));
  const sessions = createSessionsService(database.db, systemClock, { idleMinutes: 60 });
  const { money } = createMoneyModule({ db: database.db, clock: systemClock });
  const tokens: string[] = [];
  try {
    for (let index = 0; index < PLACING_PLAYERS; index += 1) {
      const userId = await insertUser(database.db, benchCustomer(`benchbet${String(index).padStart(3, '0')}`));
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
}

/** `writers` loops placing raw bets for `seconds`, each cycling through the players from its own start. */
async function rawSlice(
  placer: RawPlacer,
  bets: RawBet[],
  writers: number,
  seconds: number,
  totals: SliceTotals,
  latencies: number[],
) {
  const deadline = performance.now() + seconds * 1000;
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

/** The HTTP load split over the API instances, `CONNECTIONS` in all, for `seconds`. */
async function httpSlice(
  servers: RunningServer[],
  requests: autocannon.Request[],
  seconds: number,
  load: BenchContext['load'],
  totals: SliceTotals,
) {
  const results = await Promise.all(
    servers.map((server) =>
      load({
        url: server.url,
        server,
        method: 'POST',
        requests,
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
  raw: { placer: RawPlacer; writers: number },
) {
  const server = servers[0]!;
  const tokens = await placingPlayers(server);
  const market = await farMarket(server);
  // A back at 1.01 is taken at any offered price: every request is a full placement.
  const body = JSON.stringify({ ...market, odds: 1.01, stack: 100, is_back: 1 });
  const requests: autocannon.Request[] = tokens.map((token) => ({
    method: 'POST',
    path: '/api/bet/placeMarketBet',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  }));
  const rawBets: RawBet[] = tokens.map((token) => ({
    token,
    matchId: market.match_id,
    marketId: market.market_id,
    selectionId: market.selection_id,
    odds: 101,
    stakePaise: 10_000,
  }));
  const http: SliceTotals = { placements: 0, seconds: 0, p99Ms: 0, failures: 0 };
  const direct: SliceTotals = { placements: 0, seconds: 0, p99Ms: 0, failures: 0 };
  const latencies: number[] = [];
  await httpSlice(servers, requests, WARM_UP_SECONDS, context.load, { ...http });
  await rawSlice(raw.placer, rawBets, raw.writers, WARM_UP_SECONDS, { ...direct }, []);
  for (let slice = 0; slice < SLICES; slice += 1) {
    await httpSlice(servers, requests, SLICE_SECONDS, context.load, http);
    await rawSlice(raw.placer, rawBets, raw.writers, SLICE_SECONDS, direct, latencies);
  }
  await raw.placer.close();
  const rawP99 = percentile(latencies, 0.99);
  const httpRate = http.placements / http.seconds;
  const rawRate = direct.placements / direct.seconds;
  context.report({
    name: `POST bet/placeMarketBet, ${PLACING_PLAYERS} players, ${label}`,
    value: formatRate(httpRate),
    note: `p99 ${formatMs(http.p99Ms)}${http.failures > 0 ? `, ${http.failures} failed` : ''}`,
  });
  context.report({
    name: '  raw driver, the same statements, one transaction per bet',
    value: formatRate(rawRate),
    note: `p99 ${formatMs(rawP99)}`,
  });
  context.report({ name: '  ratio to raw', value: formatRatio(httpRate / rawRate, PLACEMENT_TARGET_RATIO) });
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
  name: 'bets: placements through HTTP vs the raw driver (SQLite, PostgreSQL), settling 100,000 bets',
  async run(context) {
    const { report } = context;
    const api = await context.startApi();
    await comparePlacements(context, 'SQLite synchronous=FULL', [api], {
      placer: rawSqlitePlacer(api.env.DATABASE_URL!.slice('sqlite:'.length)),
      writers: 1,
    });
    await api.stop();

    const target = await postgresSchema();
    try {
      const env = { DATABASE_URL: target.url, DATABASE_SCHEMA: target.schema };
      const first = await context.startApi(env);
      const second = await context.startApi(env);
      await comparePlacements(context, 'PostgreSQL, two API instances', [first, second], {
        placer: rawPostgresPlacer(target.url, target.schema, 20),
        writers: CONNECTIONS,
      });
      await Promise.all([first.stop(), second.stop()]);
    } finally {
      await target.drop();
    }

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
  },
};
