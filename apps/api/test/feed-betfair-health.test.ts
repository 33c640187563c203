import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BetfairStreamSource, createBetfairStreamSource } from '../src/modules/feed';
import { type BetfairStreamServer, readRecording, startBetfairStreamServer } from './support/betfair-stream-server';
import { feedWithStream, silentLog, testStreamConfig } from './support/betfair-stream-client';
import { makeTestCertificates, type TestCertificates } from './support/test-certificates';
import { type ConsoleTestApp, createConsoleTestApp } from './console-support';
import { testDatabaseKind } from './test-app';

/**
 * The live stream's state where an operator looks (docs/feeds-stream.md): `/api/ready`, the
 * Prometheus metrics and the console's feed panel, through the real app with a stream client
 * connected to the local TLS server. Runs on SQLite and PostgreSQL.
 */
const APP_KEY = 'test-app-key';
const TAPE = readRecording('1.197931750');

let certificates: TestCertificates;
let server: BetfairStreamServer;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  certificates = makeTestCertificates();
  server = await startBetfairStreamServer({
    tls: certificates.server,
    appKey: APP_KEY,
    sessions: new Set(['session-ok']),
    tape: TAPE,
  });
});
afterEach(async () => {
  for (const open of opened.splice(0)) await open.close();
});
afterAll(async () => {
  await server.close();
  certificates.remove();
});

/** An app whose feed runs a live stream with this app key; the metrics on a port of their own. */
async function appWithStream(
  appKey: string,
): Promise<{ t: ConsoleTestApp; source: BetfairStreamSource; scrape(): Promise<string> }> {
  const source = createBetfairStreamSource(
    testStreamConfig(server.port, certificates.server.cert, { appKey, sessionToken: 'session-ok' }),
    {
      logger: silentLog,
    },
  );
  // The stream's health is what matters here; the markets it carries are another part's to map.
  const feed = feedWithStream(source);
  const t = await createConsoleTestApp({ env: { METRICS_PORT: '0' }, deps: { feed } });
  opened.push({ close: () => source.stop() }, t);
  source.start({ onChange: () => undefined });
  const metricsUrl = `http://127.0.0.1:${t.app.metrics!.address()!.port}/metrics`;
  return { t, source, scrape: () => fetch(metricsUrl).then((response) => response.text()) };
}

const series = (text: string, name: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${name} `))
      ?.slice(name.length + 1),
  );

describe(`the live stream in ready, metrics and the console (${testDatabaseKind()})`, () => {
  it('a bad app key: ready stays 200 and says failing; the metrics and the console say why; one connection, no storm', async () => {
    const before = server.connections();
    const { t, source, scrape } = await appWithStream('not-the-key');
    await expect.poll(() => source.health().state).toBe('failed');

    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ database: 'ok', migrations: 'current', redis: 'not configured', feed: 'failing' });

    const metrics = await scrape();
    expect(series(metrics, 'betfair_stream_active')).toBe(1);
    expect(series(metrics, 'betfair_stream_up')).toBe(0);
    expect(series(metrics, 'betfair_stream_failed')).toBe(1);
    expect(series(metrics, 'betfair_stream_connected')).toBe(0);
    expect(series(metrics, 'betfair_stream_errors_total{code="INVALID_APP_KEY"}')).toBe(1);
    expect(series(metrics, 'betfair_stream_reconnects_total')).toBe(0);

    const operator = await t.newOperator('feed_viewer', 'support');
    const panel = await t.admin('admin/feed', {}, operator.token);
    expect(panel.statusCode, panel.body).toBe(200);
    expect(panel.json().data).toMatchObject({
      feed: 'betfair',
      stream: {
        state: 'failed',
        readiness: 'failing',
        host: '127.0.0.1',
        connected: false,
        authenticated: false,
        reconnects: 0,
        next_attempt_at: null,
        last_error: { code: 'INVALID_APP_KEY', message: 'Invalid application key', fatal: true, at: expect.any(String) },
        errors: [{ code: 'INVALID_APP_KEY', count: 1 }],
        session: { source: 'token', renewed_at: null },
      },
    });
    // Nothing hides a secret in the answer.
    expect(panel.body).not.toContain('session-ok');
    expect(panel.body).not.toContain('not-the-key');
    expect(server.connections() - before).toBe(1);
  });

  it('a working stream: ready says ok, the metrics count its messages, the console shows where it would resume', async () => {
    const { t, source, scrape } = await appWithStream(APP_KEY);
    await expect.poll(() => source.health().messages).toBeGreaterThanOrEqual(TAPE.length);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json().data.feed).toBe('ok');
    const metrics = await scrape();
    expect(series(metrics, 'betfair_stream_up')).toBe(1);
    expect(series(metrics, 'betfair_stream_authenticated')).toBe(1);
    expect(series(metrics, 'betfair_stream_messages_total')).toBeGreaterThanOrEqual(TAPE.length);
    expect(series(metrics, 'betfair_stream_last_message_age_seconds')).toBeLessThan(30);
    const operator = await t.newOperator('feed_watcher', 'support');
    const panel = (await t.admin('admin/feed', {}, operator.token)).json().data;
    expect(panel.stream).toMatchObject({
      state: 'live',
      readiness: 'ok',
      connected: true,
      subscribed: true,
      last_error: null,
      errors: [],
    });
    expect(panel.stream.clk).toBe(source.health().clk);
  });

  it('the simulator holds no stream: ready says not configured, no stream metrics, the console says so', async () => {
    const t = await createConsoleTestApp({ env: { METRICS_PORT: '0' } });
    opened.push(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json().data.feed).toBe('not configured');
    const metrics = await fetch(`http://127.0.0.1:${t.app.metrics!.address()!.port}/metrics`).then((response) => response.text());
    expect(metrics).not.toContain('betfair_stream');
    const operator = await t.newOperator('feed_sim', 'support');
    expect((await t.admin('admin/feed', {}, operator.token)).json().data).toEqual({ feed: 'simulator', stream: null });
  });
});
