import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { busTopics } from '../src/lib/event-bus';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedReferenceData } from '../src/seed/seed';
import { createMarketsAdmin } from '../src/modules/markets/markets-admin.service';
import { createTestApp, createTestDatabase } from './test-app';

const REDIS_URL = process.env.TEST_REDIS_URL;
const WAIT_MS = 20_000;

interface Client {
  socket: WebSocket;
  messages: Record<string, unknown>[];
  send(message: unknown): void;
  /** Resolves with the first message (already received or coming) that passes the test. */
  waitFor(test: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

async function connect(app: FastifyInstance): Promise<Client> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/ws`);
  const messages: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
    for (const waiter of waiters) waiter();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    messages,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    waitFor(test) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(test);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such message; got ${JSON.stringify(messages.slice(-5))}`));
        }, WAIT_MS);
        waiters.add(check);
        check();
      });
    },
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function upcomingCricket(app: FastifyInstance): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/api/match/getUpcomingMatches', payload: {} });
  return (res.json().data as { match_id: number; sport_id: number }[]).find((row) => row.sport_id === 4)!.match_id;
}

const isDelta = (matchId: number) => (message: Record<string, unknown>) =>
  message.type === 'delta' && message.match_id === matchId;

describe('live push at /api/ws', () => {
  it('sends a followed match’s price changes as deltas with sequence numbers, and refuses bad messages', async () => {
    // 600×: pre-match prices move every few ticks.
    const t = await createTestApp({ env: { SIM_SEED: 'live', SIM_SPEED: '600' } });
    cleanups.push(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const matchId = await upcomingCricket(t.app);
    const watcher = await connect(t.app);
    const other = await connect(t.app);
    cleanups.push(
      async () => watcher.socket.close(),
      async () => other.socket.close(),
    );

    watcher.send({ type: 'subscribe', match_id: matchId });
    await watcher.waitFor((m) => m.type === 'subscribed' && m.match_id === matchId);
    // The publisher's first look at the match is its whole state; then only what changed.
    const first = (await watcher.waitFor(isDelta(matchId))) as {
      seq: number;
      prev_seq: number;
      full: boolean;
      markets: unknown[];
    };
    expect(first).toMatchObject({ full: true, prev_seq: 0 });
    const snapshot = (
      await t.app.inject({ method: 'POST', url: '/api/market/getMarkets', payload: { match_id: matchId } })
    ).json().data as { markets: unknown[] };
    expect(first.markets.length).toBe(snapshot.markets.length);
    const second = await watcher.waitFor((m) => isDelta(matchId)(m) && (m.seq as number) > first.seq);
    expect(second).toMatchObject({ full: false, prev_seq: first.seq });

    // Bad input gets an error on that socket only; the socket stays open.
    other.send('not json');
    other.send({ type: 'subscribe', match_id: 'x' });
    other.send({ type: 'subscribe', match_id: 987654321 });
    await other.waitFor((m) => m.type === 'error' && m.code === 'NOT_FOUND');
    expect(other.messages.filter((m) => m.type === 'error' && m.code === 'BAD_REQUEST').length).toBe(2);
    other.send({ type: 'ping' });
    await other.waitFor((m) => m.type === 'pong');
    const count = watcher.messages.length;
    await watcher.waitFor(() => watcher.messages.length > count);

    // A socket follows at most 20 matches.
    const upcoming = (await t.app.inject({ method: 'POST', url: '/api/match/getUpcomingMatches', payload: {} })).json().data as {
      match_id: number;
    }[];
    for (const row of upcoming.slice(0, 21)) other.send({ type: 'subscribe', match_id: row.match_id });
    await other.waitFor((m) => m.type === 'error' && m.code === 'CONFLICT');
  });
});

describe('balance push at /api/ws', () => {
  it('sends a logged-in player their own balance messages, and refuses a bad token', async () => {
    const t = await createTestApp({ env: { FEED: 'none' } });
    cleanups.push(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const login = (await t.app.inject({ method: 'POST', url: '/api/user/demoLogin', payload: { user_name: 'demo' } })).json()
      .data as {
      token: string;
      user_id: number;
    };
    const player = await connect(t.app);
    cleanups.push(async () => player.socket.close());
    player.send({ type: 'auth', token: 'not-a-token' });
    await player.waitFor((m) => m.type === 'error' && m.code === 'SESSION_EXPIRED');
    player.send({ type: 'auth', token: login.token });
    await player.waitFor((m) => m.type === 'authed' && m.user_id === Number(login.user_id));
    t.app.bus.publish(busTopics.userBalance(Number(login.user_id) + 1), { free_chip: 1 });
    t.app.bus.publish(busTopics.userBalance(Number(login.user_id)), { free_chip: 1500, exposure: 0 });
    const balance = await player.waitFor((m) => m.type === 'balance');
    expect(balance.payload).toEqual({ free_chip: 1500, exposure: 0 });
    expect(player.messages.filter((m) => m.type === 'balance')).toHaveLength(1);
  });
});

describe.runIf(REDIS_URL)('live push with Redis', () => {
  it('reaches sockets on two instances: both push the same tick and an operator suspension', async () => {
    const testDb = await createTestDatabase();
    cleanups.push(() => testDb.drop());
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      ...testDb.env,
      SIM_SEED: `redis${Date.now()}`,
      SIM_SPEED: '600',
      REDIS_URL: REDIS_URL ?? '',
      // Its own channels: the same test in the other database's project may run at the same time,
      // and its ticker must not take over (or drop) this one's matches.
      REDIS_PREFIX: `live${Math.random().toString(36).slice(2, 8)}:`,
    });
    const database = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {});
    cleanups.push(() => database.close());
    await migrateToLatest(database);
    await seedReferenceData(database.db, { now: () => Date.now() });
    const apps: FastifyInstance[] = [];
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(REDIS_URL ?? '');
      cleanups.push(() => redis.quit());
      const app = await buildApp({ config, database, redis });
      await app.listen({ port: 0, host: '127.0.0.1' });
      cleanups.push(() => app.close());
      apps.push(app);
    }
    const matchId = await upcomingCricket(apps[0]!);
    const [a, b] = await Promise.all(apps.map((app) => connect(app)));
    cleanups.push(
      async () => a!.socket.close(),
      async () => b!.socket.close(),
    );
    a!.send({ type: 'subscribe', match_id: matchId });
    b!.send({ type: 'subscribe', match_id: matchId });
    await a!.waitFor((m) => m.type === 'subscribed');
    await b!.waitFor((m) => m.type === 'subscribed');

    // One instance publishes; the other's socket gets the very same tick through Redis.
    const fromA = await a!.waitFor(isDelta(matchId));
    const same = await b!.waitFor((m) => isDelta(matchId)(m) && m.seq === fromA.seq);
    // Prices are a pure function of the moment: the same tick is the same, whichever instance computed it.
    expect(same.markets).toEqual(fromA.markets);

    const market = (fromA.markets as { market_id: string }[])[0] ?? { market_id: `1.${matchId}01` };
    await createMarketsAdmin(database.db, { now: () => Date.now() }).suspend({ marketId: market.market_id });
    const suspendedIn = (client: typeof a) =>
      client!.waitFor(
        (m) =>
          isDelta(matchId)(m) &&
          (m.markets as { market_id: string; status: string }[]).some(
            (x) => x.market_id === market.market_id && x.status === 'SUSPENDED',
          ),
      );
    await Promise.all([suspendedIn(a), suspendedIn(b)]);
  });
});
