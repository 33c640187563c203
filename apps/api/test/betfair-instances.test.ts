import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MarketsSnapshot, MatchRow } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import type { DatabaseHandle } from '../src/db/database';
import { moneyTransaction } from '../src/db/unit-of-work';
import { systemClock } from '../src/lib/clock';
import { createMarketCache, type MarketImage } from '../src/modules/feed/betfair/market-cache';
import type { MarketChangeMessage } from '../src/modules/feed/betfair/stream-messages';
import { auditLedger } from '../src/modules/money';
import { CUSTOMER_USER_TYPE, createUser } from '../src/modules/users/users.service';
import { prepareDatabase } from '../src/startup';
import { spawnServerScript } from './support/api-processes';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './test-app';
import { creditFromHouse, moneyServices } from './wallet-support';

/**
 * Two API processes on one PostgreSQL database (and one Redis) play a recorded greyhound race:
 * exactly one holds the replay, the other answers the same prices at the same moment; the holder
 * is killed with SIGKILL before the off, the other takes the replay over within 10 s, resumes it
 * where the stored state ends, and the race's result is recorded and settled once.
 */
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures/betfair');
const WIN = '1.197931750';
const PLACE = '1.197931751';
const PASSWORD = 'Handover2026';
/** 5.4 recorded minutes in about 80 s: the WIN market is open for the first 40 s (two processes start slowly on a loaded machine). */
const SPEED = '4';

let testDb: TestDatabase;
let database: DatabaseHandle;
let env: Record<string, string>;
const children: ChildProcess[] = [];

async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function post<T>(
  url: string,
  route: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; data: T; code?: string }> {
  const response = await fetch(`${url}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T; code?: string };
  return { status: response.status, data: json.data, ...(json.code ? { code: json.code } : {}) };
}

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const started = await spawnServerScript('api-server', env);
  children.push(started.child);
  return started;
}

const stream = () => database.db.selectFrom('feed_streams').selectAll().executeTakeFirst();

beforeAll(async () => {
  if (testDatabaseKind() !== 'postgres') return;
  testDb = await createTestDatabase();
  env = {
    ...testDb.env,
    FEED: 'betfair-file',
    FEED_FILES: [WIN, PLACE].map((file) => path.join(FIXTURES, file)).join(','),
    FEED_SPEED: SPEED,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `bfho${Date.now().toString(36)}:`,
  };
  database = await prepareDatabase(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: '0', ...env }));
}, 60_000);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await database?.close();
  await testDb?.drop();
});

// Several instances share one database on PostgreSQL (docs/adr/0001).
describe.skipIf(testDatabaseKind() !== 'postgres')('a Betfair replay held by one of two instances', () => {
  it(
    'answers the same on both, and survives kill -9 of its holder with no result lost or settled twice',
    { timeout: 360_000 },
    async () => {
      const userId = await createUser(database.db, systemClock, {
        userName: 'handover',
        password: PASSWORD,
        userTypeId: CUSTOMER_USER_TYPE,
      });
      const { money } = moneyServices(database.db, systemClock);
      await moneyTransaction(database.db, { userIds: [userId], now: Date.now() }, (trx) =>
        creditFromHouse(money, trx, userId, 1_000_000, 'handover'),
      );

      const first = await startServer();
      const held = await eventually(async () => {
        const row = await stream();
        return row?.holder ? row : undefined;
      }, 20_000);
      expect(Number(held.epoch)).toBe(1);
      const second = await startServer();

      const matchId = await eventually(async () => {
        const rows = (await post<MatchRow[]>(first.url, 'match/getMatches', { sport_id: 4339, is_active: '1' })).data;
        return rows.find((row) => row.match_odds?.market_id === WIN)?.match_id;
      }, 20_000);

      // Both instances answer the same markets for the same moment (seq).
      await eventually(async () => {
        const [a, b] = await Promise.all([
          post<MarketsSnapshot>(first.url, 'market/getMarkets', { match_id: matchId }),
          post<MarketsSnapshot>(second.url, 'market/getMarkets', { match_id: matchId }),
        ]);
        if (a.status !== 200 || b.status !== 200 || a.data.seq !== b.data.seq) return undefined;
        expect(b.data.markets).toEqual(a.data.markets);
        return true;
      }, 20_000);

      // A back bet at the best back price, taken by the holder; the other instance quotes it the same.
      const token = (
        await post<{ token: string }>(first.url, 'user/login', { user_name: 'handover', password: PASSWORD, type: 'C' })
      ).data.token;
      const snapshot = (await post<MarketsSnapshot>(second.url, 'market/getMarkets', { match_id: matchId })).data;
      const runner = snapshot.markets
        .find((market) => market.market_id === WIN)
        ?.runners.find((item) => item.selection_id === 37947503);
      const odds = runner?.back[0]?.odds;
      expect(odds).toBeGreaterThan(1);
      const placed = await post<{ odds: number }>(
        first.url,
        'bet/placeMarketBet',
        {
          match_id: matchId,
          market_id: WIN,
          selection_id: 37947503,
          odds,
          stack: 100,
          is_back: 1,
          accept_better_odds: true,
        },
        token,
      );
      expect(placed.status, JSON.stringify(placed)).toBe(200);
      const taken = placed.data.odds;

      // kill -9 of the holder: the other takes the replay over within 10 s.
      const killedAt = Date.now();
      first.child.kill('SIGKILL');
      const takenOver = await eventually(async () => {
        const row = await stream();
        return row && Number(row.epoch) === 2 && row.holder ? row : undefined;
      }, 15_000);
      expect(Date.now() - killedAt).toBeLessThan(10_000);
      expect(takenOver.holder).not.toBe(held.holder);

      // The race goes on from where it was: it closes, and the result is recorded and settled once.
      // Closed at 18:29:56.47, 323.05 recorded seconds after the first message played (anchor_at).
      const recordedClose = Date.parse('2022-04-19T18:29:56.470Z') - Date.parse('2022-04-19T18:24:33.420Z');
      const closesAt = Number(takenOver.anchor_at) + recordedClose / Number(SPEED);
      await eventually(
        async () => {
          const s = (await post<MarketsSnapshot>(second.url, 'market/getMarkets', { match_id: matchId })).data;
          return s.markets.every((market) => market.status === 'CLOSED') ? true : undefined;
        },
        closesAt - Date.now() + 30_000,
      );
      // A settle job a killed instance had leased waits for its lease to run out (a minute) before
      // the other takes it: two minutes, and what was there if it still did not settle.
      const bet = await eventually(async () => {
        const row = await database.db.selectFrom('bets').selectAll().where('user_id', '=', userId).executeTakeFirst();
        return row && row.status !== 'open' ? row : undefined;
      }, 120_000).catch(async (error: unknown) => {
        const results = await database.db.selectFrom('feed_results').select(['target', 'decided_at']).execute();
        const jobs = await database.db
          .selectFrom('jobs')
          .select(['job_key', 'status', 'run_at', 'lease_until', 'attempts', 'last_error'])
          .where('job_key', 'like', '%settle%')
          .execute();
        const match = await database.db
          .selectFrom('matches')
          .select(['finished_at'])
          .where('match_id', '=', matchId)
          .executeTakeFirst();
        const said = { results, jobs, match };
        throw new Error(`the bet was not settled: ${JSON.stringify(said)}`, {
          cause: error,
        });
      });
      expect(bet.status).toBe('won');
      expect(Number(bet.profit_loss)).toBe(100 * (Math.round(taken * 100) - 100)); // ₹100 at the odds taken, in paise
      const results = await database.db.selectFrom('feed_results').selectAll().orderBy('target').execute();
      expect(
        results.map((row) => [
          row.target,
          row.winner_selection_id === null ? null : Number(row.winner_selection_id),
          row.placed_selection_ids,
        ]),
      ).toEqual([
        [`M:${WIN}`, 37947503, null],
        [`M:${PLACE}`, 37947503, '37947503,39823721'],
      ]);
      // Each declared result is settled once (the PLACE market too, with no bets on it), by whichever
      // instance's settle job takes it: wait for both, then check neither was settled twice.
      const settlements = await eventually(async () => {
        const rows = await database.db
          .selectFrom('bet_settlements')
          .select(['target', 'settlement_no'])
          .orderBy('target')
          .orderBy('settlement_no')
          .execute();
        return rows.length >= 2 ? rows : undefined;
      }, 60_000);
      expect(settlements).toEqual([
        { target: `M:${WIN}`, settlement_no: 1 },
        { target: `M:${PLACE}`, settlement_no: 1 },
      ]);
      expect((await auditLedger(database.db)).faults).toEqual([]);

      // No change lost or applied twice across the hand-over: the stored ladders are the file's.
      const whole = createMarketCache();
      for (const line of readFileSync(path.join(FIXTURES, WIN), 'utf8').split('\n').filter(Boolean)) {
        whole.apply(JSON.parse(line) as MarketChangeMessage);
      }
      await eventually(async () => {
        const row = await database.db
          .selectFrom('feed_stream_markets')
          .select('image')
          .where('market_id', '=', WIN)
          .executeTakeFirst();
        const stored = row && (JSON.parse(row.image) as MarketImage);
        return stored?.definition?.status === 'CLOSED' ? stored : undefined;
      }, 10_000).then((stored) => {
        const expected = whole.image(WIN);
        const ladders = (image: MarketImage | undefined) =>
          image?.runners
            .map((item) => ({ id: item.id, atb: [...item.atb].sort(), atl: [...item.atl].sort(), ltp: item.ltp, tv: item.tv }))
            .sort((a, b) => a.id - b.id);
        expect(ladders(stored)).toEqual(ladders(expected));
        expect(stored.definition?.version).toBe(expected?.definition?.version);
      });
    },
  );
});
