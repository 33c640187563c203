import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MarketsSnapshot } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../../scripts/bench/harness';
import { loadConfig } from '../src/config/env';
import { DEMO_ACCOUNTS } from '../src/seed/seed';
import { prepareDatabase } from '../src/startup';
import { type RunningNginx, startNginx } from './support/nginx';
import {
  bundledScript,
  createTestDatabase,
  runAdminProcess,
  type TestDatabase,
  testDatabaseKind,
  WEB_DIST_DIR,
} from './test-app';

const START_TIMEOUT_MS = 60_000;
/** Bets the player places while one instance is stopped; each is ₹100 of player1's ₹10,000. */
const BETS = 30;
const CLIENTS = 3;
/** How long a client keeps retrying one bet with its key before the test gives up on it. */
const RETRY_FOR_MS = 30_000;
/** The client's own address: nginx must forward it, and a forged X-Forwarded-For must not win. */
const CLIENT_ADDRESS = '127.0.0.2';

const skipReason =
  !process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL
    ? 'needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both)'
    : testDatabaseKind() !== 'postgres'
      ? 'runs in the api-postgres project'
      : undefined;

interface Instance {
  port: number;
  child: ChildProcess;
  stderr(): string;
  exited: Promise<number | null>;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json<T = { status: boolean; code?: string; message: string; data: unknown }>(): T;
}

const folder = mkdtempSync(path.join(tmpdir(), 'casino-proxy-'));
const agent = new Agent({ keepAlive: true, rejectUnauthorized: false, localAddress: CLIENT_ADDRESS, maxSockets: 8 });
const cleanups: (() => Promise<unknown>)[] = [];
let testDb: TestDatabase;
let nginx: RunningNginx;
let instances: Instance[] = [];
let metricsPort: number;
/** The logged-in player and the market of the first test, for the second. */
let session: { token: string; matchId: number; marketId: string; selectionId: number } | undefined;

/** An API instance as systemd runs it: the real server.ts (its SIGTERM path), on PostgreSQL and Redis. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  let stderr = '';
  const child = spawn(process.execPath, [bundledScript('server')], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (ready === 200) break;
    if (Date.now() > deadline) throw new Error(`instance on ${port} not ready: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, child, stderr: () => stderr, exited };
}

/** One request to the site through nginx over https, from CLIENT_ADDRESS; a network failure rejects. */
function call(
  method: 'GET' | 'POST',
  apiPath: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: nginx.httpsPort,
        method,
        path: apiPath,
        agent,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.skipIf(skipReason)(`two instances behind deploy/nginx.conf${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST_DIR, 'index.html')))
      throw new Error('apps/web/dist is missing: run `npm run build` first');
    testDb = await createTestDatabase();
    cleanups.push(() => testDb.drop());
    const shared = {
      ...testDb.env,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      // Its own Redis names: other test files share this Redis, with tickers and players of their own.
      REDIS_PREFIX: `proxy${randomUUID().slice(0, 8)}:`,
      TRUST_PROXY_HOPS: '1',
      SEED_DEMO_DATA: '0',
      SIM_SEED: `proxy${Date.now()}`,
      SIM_SPEED: '120',
    };
    // Migrated and seeded once, as the first start of the jobs instance would.
    const database = await prepareDatabase(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...shared, SEED_DEMO_DATA: '1' }));
    await database.close();
    metricsPort = await freePort();
    instances = await Promise.all([
      startInstance({ ...shared, JOBS_ENABLED: '1', METRICS_PORT: String(metricsPort) }),
      startInstance({ ...shared, JOBS_ENABLED: '0' }),
    ]);
    for (const instance of instances) {
      cleanups.push(async () => {
        if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
        await instance.exited;
      });
    }
    nginx = await startNginx(
      path.join(folder, 'nginx'),
      instances.map((instance) => instance.port),
      { https: await freePort(), http: await freePort() },
    );
    cleanups.push(() => nginx.stop());
  }, START_TIMEOUT_MS * 2);

  afterAll(async () => {
    agent.destroy();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves a player over https: login with the real client address, a bet, a live price delta and a balance push on /api/ws', async () => {
    // Plain http moves to https; the site and its precompressed assets pass through untouched.
    const redirect = await fetch(`http://127.0.0.1:${nginx.httpPort}/home`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('https://127.0.0.1/home');
    expect((await call('GET', '/api/ready')).status).toBe(200);
    const asset = readdirSync(path.join(WEB_DIST_DIR, 'assets')).find((name) => name.endsWith('.js.br'));
    if (!asset) throw new Error('no precompressed asset in apps/web/dist');
    const script = await call('GET', `/assets/${asset.slice(0, -'.br'.length)}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.body.equals(readFileSync(path.join(WEB_DIST_DIR, 'assets', asset)))).toBe(true);
    // Bodies over the limit stop at nginx.
    expect((await call('POST', '/api/user/login', { body: { pad: 'x'.repeat(70_000) } })).status).toBe(413);

    const login = await call('POST', '/api/user/login', {
      body: { user_name: DEMO_ACCOUNTS.player.userName, password: DEMO_ACCOUNTS.player.password, type: 'C' },
      headers: { 'x-forwarded-for': '203.0.113.66' },
    });
    expect(login.status, login.body.toString()).toBe(200);
    const token = login.json<{ data: { token: string } }>().data.token;
    const activity = await call('POST', '/api/report/activityLog', {
      body: { from: Date.now() - 60_000, to: Date.now() + 60_000 },
      headers: bearer(token),
    });
    expect(activity.json<{ data: { rows: { event: string; ip: string }[] } }>().data.rows[0]).toMatchObject({
      event: 'login',
      ip: CLIENT_ADDRESS,
    });

    // The match furthest away: open for the whole test, with prices that move (SIM_SPEED 120).
    const upcoming = await call('POST', '/api/match/getUpcomingMatches', { body: {} });
    const matchIds = upcoming
      .json<{ data: { match_id: number; start_time: string }[] }>()
      .data.sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time))
      .map((row) => row.match_id);
    let target: { matchId: number; marketId: string; selectionId: number } | undefined;
    for (const matchId of matchIds) {
      const snapshot = (await call('POST', '/api/market/getMarkets', { body: { match_id: matchId } })).json<{
        data: MarketsSnapshot;
      }>().data;
      const market = snapshot.markets.find((item) => item.market_type === 'MATCH_ODDS' && item.status === 'OPEN');
      const runner = market?.runners.find((item) => item.back.length > 0);
      if (market && runner) {
        target = { matchId, marketId: market.market_id, selectionId: runner.selection_id };
        break;
      }
    }
    if (!target) throw new Error('no open match-odds market upcoming');

    const socket = new WebSocket(`wss://127.0.0.1:${nginx.httpsPort}/api/ws`, { rejectUnauthorized: false });
    const messages: { type?: string; full?: boolean; match_id?: number; payload?: { free_chip?: number } }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as (typeof messages)[number]));
    cleanups.push(async () => socket.terminate());
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ type: 'auth', token }));
    socket.send(JSON.stringify({ type: 'subscribe', match_id: target.matchId }));
    await expect.poll(() => messages.some((message) => message.type === 'authed')).toBe(true);
    // A price change after the first whole picture: the publisher may be either instance, through Redis.
    await expect
      .poll(() => messages.some((m) => m.type === 'delta' && m.match_id === target.matchId && m.full === false), {
        timeout: 30_000,
      })
      .toBe(true);

    const bet = await call('POST', '/api/bet/placeMarketBet', {
      body: {
        match_id: target.matchId,
        market_id: target.marketId,
        selection_id: target.selectionId,
        odds: 1.01,
        stack: 100,
        is_back: 1,
      },
      headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    });
    expect(bet.status, bet.body.toString()).toBe(200);
    expect(bet.json<{ data: { free_chip: number } }>().data.free_chip).toBe(9_900);
    // The balance push reaches the socket, whichever instance holds it and whichever relayed the outbox.
    await expect
      .poll(() => messages.some((message) => message.type === 'balance' && message.payload?.free_chip === 9_900), {
        timeout: 20_000,
      })
      .toBe(true);
    socket.close();

    session = { token, ...target };
  }, 120_000);

  it('loses nothing when one instance stops with SIGTERM mid-traffic: each bet completed or was retried with its Idempotency-Key, none applied twice, the ledger verifies', async () => {
    const target = session;
    if (!target) throw new Error('the first test did not log in');
    const body = {
      match_id: target.matchId,
      market_id: target.marketId,
      selection_id: target.selectionId,
      odds: 1.01,
      stack: 100,
      is_back: 1,
    };
    const outcomes: { key: string; betId: number; attempts: number; failures: string[] }[] = [];
    let started = 0;
    const placeOne = async (key: string) => {
      const failures: string[] = [];
      // The stopped instance has 10 s to finish what it holds; a key still in flight there answers 409 meanwhile.
      const deadline = Date.now() + RETRY_FOR_MS;
      for (let attempt = 1; Date.now() < deadline; attempt += 1) {
        const answer = await call('POST', '/api/bet/placeMarketBet', {
          body,
          headers: { ...bearer(target.token), 'idempotency-key': key },
        }).catch((error: NodeJS.ErrnoException) => error.code ?? 'network error');
        if (typeof answer !== 'string' && answer.status === 200) {
          outcomes.push({ key, betId: answer.json<{ data: { bet_id: number } }>().data.bet_id, attempts: attempt, failures });
          return;
        }
        const failure = typeof answer === 'string' ? answer : `${answer.status} ${answer.body.toString().slice(0, 120)}`;
        // Only a request that may not have been applied is retried: a refusal of the bet itself fails the test.
        if (typeof answer !== 'string' && ![409, 502, 503, 504].includes(answer.status)) throw new Error(`refused: ${failure}`);
        failures.push(failure);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`a bet never completed: ${failures.join(' | ')}`);
    };
    const stopped = instances[1]!;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (started < BETS) {
        started += 1;
        if (started === Math.ceil(BETS / 3)) stopped.child.kill('SIGTERM');
        await placeOne(randomUUID());
      }
    });
    await Promise.all(clients);
    // The stopped instance finished what it had and exited cleanly.
    expect(await stopped.exited).toBe(0);
    expect(stopped.stderr()).not.toMatch(/"level":(50|60)/);

    expect(outcomes).toHaveLength(BETS);
    expect(new Set(outcomes.map((outcome) => outcome.betId)).size).toBe(BETS);
    // A retried key answers the bet its first try placed, or places it once: 1 + BETS bets, no more.
    const balance = await call('POST', '/api/user/getUserBalance', { body: {}, headers: bearer(target.token) });
    expect(balance.json<{ data: { free_chip: number; exposure: number } }>().data).toMatchObject({
      free_chip: 10_000 - 100 * (BETS + 1),
      exposure: 100 * (BETS + 1),
    });

    const verify = await runAdminProcess(testDb.env, 'ledger', 'verify');
    expect(verify.stdout).toMatch(/^ledger ok: /m);
    expect(verify.code).toBe(0);

    // The remaining instance reports what it served on its metrics port.
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^api_request_duration_seconds_count\{endpoint="bet\/placeMarketBet",status="200"\} [1-9]\d*$/m);
  }, 180_000);
});
