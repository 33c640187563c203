import { randomUUID } from 'node:crypto';
import { endpoints } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WALLET_OPERATIONS, walletPath } from '../src/modules/casino/wallet-api.schema';
import { findOpenMatchOdds, placeBet } from './bets-support';
import { createTestApp, testDatabaseKind } from './test-app';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

let t: WalletApiApp;
let metricsUrl: string;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { METRICS_PORT: '0', SIM_SEED: 'metrics' } });
  const address = t.app.metrics?.address();
  if (!address) throw new Error('the metrics server is not listening');
  metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
}, 60_000);
afterAll(async () => t.close());

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one series, e.g. `bets_placed_total{kind="market"}`; undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics on METRICS_PORT', () => {
  it('counts requests per contract endpoint and status, refusals by code, and bets placed and refused by code', async () => {
    const player = await t.newPlayer('metrics_player');
    await t.credit(player.userId, 100_000);
    const open = await findOpenMatchOdds(t);
    const runner = open.market.runners[0]!;
    const body = {
      match_id: open.matchId,
      market_id: open.market.market_id,
      selection_id: runner.selection_id,
      odds: runner.back[0]!.odds,
      stack: 100,
      is_back: 1,
    };
    const before = await scrape();
    expect((await placeBet(t, 'bet/placeMarketBet', player.token, body)).statusCode).toBe(200);
    expect((await placeBet(t, 'bet/placeMarketBet', player.token, { ...body, stack: -1 })).statusCode).toBe(400);
    expect((await placeBet(t, 'bet/placeMarketBet', player.token, { ...body, stack: 100_000 })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The site's pages and assets are not followed: no label per URL.
    await t.app.inject({ method: 'GET', url: `/casino/no-such-page-${randomUUID()}` });
    await t.app.inject({ method: 'GET', url: `/api/no-such-endpoint-${randomUUID()}` });
    const after = await scrape();

    const delta = (series: string) => (valueOf(after, series) ?? 0) - (valueOf(before, series) ?? 0);
    expect(delta('bets_placed_total{kind="market"}')).toBe(1);
    expect(delta('bets_refused_total{kind="market",code="BAD_REQUEST"}')).toBe(1);
    expect(delta('bets_refused_total{kind="market",code="INSUFFICIENT_BALANCE"}')).toBe(1);
    expect(delta('api_refusals_total{endpoint="bet/placeMarketBet",code="BAD_REQUEST"}')).toBe(1);
    expect(delta('api_request_duration_seconds_count{endpoint="bet/placeMarketBet",status="200"}')).toBe(1);
    expect(delta('api_request_duration_seconds_count{endpoint="bet/placeMarketBet",status="422"}')).toBe(1);
    expect(delta('api_request_duration_seconds_count{endpoint="health",status="200"}')).toBe(1);
    expect(after).toMatch(/^api_request_duration_seconds_bucket\{le="0\.005",endpoint="health",status="200"\} \d+$/m);
    expect(after).not.toMatch(/no-such/);
    // Every endpoint label is a contract path or a provider wallet path: a closed list.
    const allowed = new Set([
      ...Object.values(endpoints).map((endpoint) => endpoint.path),
      ...WALLET_OPERATIONS.map((operation) => walletPath(operation).slice('/api/'.length)),
    ]);
    const labels = new Set([...after.matchAll(/endpoint="([^"]+)"/g)].map((match) => match[1] ?? ''));
    expect([...labels].filter((label) => !allowed.has(label))).toEqual([]);
  });

  it('reports open sockets, outbox and job lag, job durations by kind, the database connections, the feed and the disk', async () => {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') await t.app.listen({ port: 0, host: '127.0.0.1' });
    const listening = t.app.server.address();
    if (!listening || typeof listening === 'string') throw new Error('not listening');
    const socket = new WebSocket(`ws://127.0.0.1:${listening.port}/api/ws`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      await expect.poll(async () => valueOf(await scrape(), 'websocket_open_connections')).toBe(1);
    } finally {
      socket.close();
    }
    await expect.poll(async () => valueOf(await scrape(), 'websocket_open_connections')).toBe(0);

    // Jobs run by hand here (JOBS_ENABLED=0 in tests): the settle scan is due at once.
    await t.app.jobs.runDue();
    const text = await scrape();
    expect(valueOf(text, 'jobs_run_duration_seconds_count{kind="recurring:bets settle scan",outcome="done"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'jobs_queue_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    // The simulator is the feed: connected and never behind.
    expect(valueOf(text, 'feed_connected')).toBe(1);
    expect(valueOf(text, 'feed_last_message_age_seconds')).toBe(0);
    for (const store of ['uploads', 'kyc']) expect(valueOf(text, `disk_free_bytes{store="${store}"}`), store).toBeGreaterThan(0);
    if (testDatabaseKind() === 'sqlite') {
      // The bet of the first test committed through group commit.
      expect(valueOf(text, 'sqlite_group_commit_units_count')).toBeGreaterThan(0);
      expect(valueOf(text, 'sqlite_file_bytes')).toBeGreaterThan(0);
      expect(valueOf(text, 'disk_free_bytes{store="database"}')).toBeGreaterThan(0);
    } else {
      expect(valueOf(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    }
  });

  it('serves nothing but GET /metrics on its port', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/api/health'))).status).toBe(404);
  });
});

describe('without METRICS_PORT', () => {
  it('installs no metrics at all', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.config.METRICS_PORT).toBeUndefined();
      expect(plain.app.metrics).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
