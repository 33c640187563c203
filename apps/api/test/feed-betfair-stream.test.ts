import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BetfairStreamConfig, type BetfairStreamSource, createBetfairStreamSource } from '../src/modules/feed';
import type { MarketChangeMessage, StreamResumePoint } from '../src/modules/feed/betfair/stream-messages';
import {
  type BetfairStreamServer,
  readRecording,
  startBetfairStreamServer,
  type StreamServerOptions,
  TEST_INITIAL_CLK,
  zipRecordings,
} from './support/betfair-stream-server';
import { silentLog, testStreamConfig } from './support/betfair-stream-client';
import { makeTestCertificates, type TestCertificates } from './support/test-certificates';
import { testDatabaseKind } from './test-app';

/** The greyhound race's WIN and PLACE markets as Betfair streamed them together: 166 frames. */
const GREYHOUNDS = zipRecordings(readRecording('1.197931750'), readRecording('1.197931751'));
const APP_KEY = 'test-app-key';
const SESSION = 'session-ok';

let certificates: TestCertificates;
const servers: BetfairStreamServer[] = [];
const sources: BetfairStreamSource[] = [];

beforeAll(() => {
  certificates = makeTestCertificates();
});
afterEach(async () => {
  for (const source of sources.splice(0)) await source.stop();
  for (const server of servers.splice(0)) await server.close();
});
afterAll(() => certificates.remove());

async function serve(options: Partial<StreamServerOptions> = {}): Promise<BetfairStreamServer> {
  const server = await startBetfairStreamServer({
    tls: certificates.server,
    appKey: APP_KEY,
    sessions: new Set([SESSION]),
    tape: GREYHOUNDS,
    ...options,
  });
  servers.push(server);
  return server;
}

/** A client with short heartbeats and waits (support/betfair-stream-client.ts), and a sink that keeps what it gets. */
function connect(server: BetfairStreamServer, overrides: Partial<BetfairStreamConfig> = {}, resumeFrom?: StreamResumePoint) {
  const config = testStreamConfig(server.port, certificates.server.cert, {
    appKey: APP_KEY,
    sessionToken: SESSION,
    marketFilter: { eventTypeIds: ['4339'], marketTypes: ['WIN', 'PLACE'], countryCodes: ['GB'] },
    marketDataFilter: { fields: ['EX_ALL_OFFERS', 'EX_LTP', 'EX_TRADED_VOL', 'EX_MARKET_DEF'], ladderLevels: 3 },
    slowRetryMs: 300,
    ...overrides,
  });
  const seen: MarketChangeMessage[] = [];
  const source = createBetfairStreamSource(config, { logger: silentLog });
  sources.push(source);
  source.start({ onChange: (message) => seen.push(message) }, resumeFrom);
  return { source, seen };
}

const dataOf = (messages: MarketChangeMessage[]) => messages.filter((message) => message.mc !== undefined);
const clksOf = (messages: MarketChangeMessage[]) => dataOf(messages).map((message) => message.clk);
const changesOf = (messages: MarketChangeMessage[]) => dataOf(messages).flatMap((message) => message.mc ?? []);

// The stream touches no database: one run is enough.
describe.runIf(testDatabaseKind() === 'sqlite')('Betfair stream client against a local TLS server', () => {
  it('authenticates, subscribes with the configured filters, and hands on the recording whole and in order; heartbeats keep it up', async () => {
    const server = await serve();
    const { source, seen } = connect(server);
    await expect.poll(() => dataOf(seen).length).toBe(GREYHOUNDS.length);
    expect(server.received()[0]).toEqual({ op: 'authentication', id: 1, appKey: APP_KEY, session: SESSION });
    expect(server.subscriptions()).toEqual([
      {
        op: 'marketSubscription',
        id: 2,
        heartbeatMs: 500,
        conflateMs: 0,
        segmentationEnabled: true,
        marketFilter: { eventTypeIds: ['4339'], marketTypes: ['WIN', 'PLACE'], countryCodes: ['GB'] },
        marketDataFilter: { fields: ['EX_ALL_OFFERS', 'EX_LTP', 'EX_TRADED_VOL', 'EX_MARKET_DEF'], ladderLevels: 3 },
      },
    ]);
    expect(seen[0]).toMatchObject({ ct: 'SUB_IMAGE', initialClk: TEST_INITIAL_CLK, clk: GREYHOUNDS[0]!.clk });
    expect(clksOf(seen)).toEqual(GREYHOUNDS.map((frame) => frame.clk));
    expect(changesOf(seen)).toEqual(GREYHOUNDS.flatMap((frame) => frame.mc));
    // The recording is over: only heartbeats follow (every 500 ms), and they keep the watchdog quiet.
    await expect.poll(() => seen.filter((message) => message.ct === 'HEARTBEAT').length).toBeGreaterThanOrEqual(4);
    const health = source.health();
    expect(health).toMatchObject({
      state: 'live',
      isConnected: true,
      isAuthenticated: true,
      isSubscribed: true,
      connectionId: 'c-0',
      connectionsAvailable: 9,
      initialClk: TEST_INITIAL_CLK,
      clk: GREYHOUNDS.at(-1)!.clk,
      reconnects: 0,
      lastError: null,
    });
    expect(server.connections()).toBe(1);
    expect(source.resumePoint()).toEqual({ initialClk: TEST_INITIAL_CLK, clk: GREYHOUNDS.at(-1)!.clk });
  });

  it('verifies the server: without its CA (BETFAIR_CA_FILE) the client trusts only the system CAs, and sends no key or token to it', async () => {
    const server = await serve();
    const { source } = connect(server, { ca: undefined });
    await expect.poll(() => source.health().lastError?.code).toBe('SOCKET_ERROR');
    expect(source.health().lastError?.message).toMatch(/certificate/i);
    expect(source.health().isAuthenticated).toBe(false);
    expect(server.received()).toEqual([]);
  });

  it('a bad app key is a status error that stops the stream: no second attempt, and the health says why', async () => {
    const server = await serve();
    const { source, seen } = connect(server, { appKey: 'not-the-key' });
    await expect.poll(() => source.health().state).toBe('failed');
    const health = source.health();
    expect(health.lastError).toMatchObject({ code: 'INVALID_APP_KEY', message: 'Invalid application key', isFatal: true });
    expect(health.errors).toEqual({ INVALID_APP_KEY: 1 });
    // Nothing is scheduled: the stream waits for a change of configuration, not for a timer.
    expect(health).toMatchObject({ isConnected: false, isAuthenticated: false, reconnects: 0, nextAttemptAt: null });
    expect(server.connections()).toBe(1);
    expect(server.subscriptions()).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('a heartbeat gap reconnects and resumes from the last clk: every change once, in the recorded order', async () => {
    const server = await serve();
    // The link goes quiet after the image and 39 frames: no data, no heartbeat, the socket left open.
    server.interruptNext(40, 'stall');
    const { source, seen } = connect(server, { watchdogMarginMs: 300 });
    await expect.poll(() => dataOf(seen).length).toBe(GREYHOUNDS.length);
    expect(server.connections()).toBe(2);
    expect(server.subscriptions()[1]).toMatchObject({ initialClk: TEST_INITIAL_CLK, clk: GREYHOUNDS[39]!.clk });
    expect(dataOf(seen)[40]).toMatchObject({ ct: 'RESUB_DELTA', clk: GREYHOUNDS[40]!.clk });
    // Not one change lost or repeated across the gap.
    expect(clksOf(seen)).toEqual(GREYHOUNDS.map((frame) => frame.clk));
    expect(changesOf(seen)).toEqual(GREYHOUNDS.flatMap((frame) => frame.mc));
    const health = source.health();
    expect(health).toMatchObject({ state: 'live', reconnects: 1, errors: { HEARTBEAT_TIMEOUT: 1 }, clk: GREYHOUNDS.at(-1)!.clk });
    expect(health.lastError).toMatchObject({ code: 'HEARTBEAT_TIMEOUT', isFatal: false });
  });

  it('joins a segmented image into one message before the sink sees it', async () => {
    // An image of four recorded markets (greyhound WIN and PLACE, horse PLACE, a BASIC horse WIN), cut into segments.
    const image: MarketChangeMessage = {
      ...GREYHOUNDS[0]!,
      mc: [...GREYHOUNDS[0]!.mc!, ...readRecording('1.181223995.gz')[0]!.mc!, ...readRecording('BASIC-1.132153978.gz')[0]!.mc!],
    };
    // A limit below any market: each market is a segment of its own (SEG_START, SEG, SEG, SEG_END).
    const server = await serve({ tape: [image, ...GREYHOUNDS.slice(1, 6)], segmentBytes: 1 });
    const { seen } = connect(server);
    await expect.poll(() => dataOf(seen).length).toBe(6);
    expect(server.linesWritten()[0]).toBe(4 + 5);
    const [whole] = seen;
    expect(whole!.segmentType).toBeUndefined();
    expect(whole).toMatchObject({ ct: 'SUB_IMAGE', initialClk: TEST_INITIAL_CLK, clk: image.clk });
    expect(whole!.mc!.map((market) => market.id)).toEqual(['1.197931750', '1.197931751', '1.181223995', '1.132153978']);
    expect(whole!.mc).toEqual(image.mc);
    expect(clksOf(seen)).toEqual([image, ...GREYHOUNDS.slice(1, 6)].map((frame) => frame.clk));
  });

  it('a connection lost between the segments of the image subscribes again from nothing: the half image is never handed on', async () => {
    const largest = Math.max(...GREYHOUNDS[0]!.mc!.map((market) => JSON.stringify(market).length));
    const server = await serve({ segmentBytes: largest });
    server.interruptNext(1, 'drop');
    const { seen } = connect(server);
    await expect.poll(() => dataOf(seen).length).toBe(GREYHOUNDS.length);
    expect(server.connections()).toBe(2);
    expect(server.subscriptions()[1]!.clk).toBeUndefined();
    expect(seen[0]).toMatchObject({ ct: 'SUB_IMAGE' });
    expect(seen[0]!.mc).toEqual(GREYHOUNDS[0]!.mc);
    expect(clksOf(seen)).toEqual(GREYHOUNDS.map((frame) => frame.clk));
  });

  it('a connection limit is surfaced and retried no sooner than the slow wait; then the stream goes live', async () => {
    const server = await serve();
    server.failNext('authentication', 'MAX_CONNECTION_LIMIT_EXCEEDED');
    const { source, seen } = connect(server, { slowRetryMs: 1_000 });
    await expect.poll(() => source.health().state).toBe('waiting');
    const waiting = source.health();
    expect(waiting.lastError).toMatchObject({ code: 'MAX_CONNECTION_LIMIT_EXCEEDED', isFatal: false });
    expect(waiting.nextAttemptAt! - waiting.lastError!.at).toBeGreaterThanOrEqual(1_000);
    await expect.poll(() => dataOf(seen).length).toBe(GREYHOUNDS.length);
    expect(source.health()).toMatchObject({ state: 'live', reconnects: 1, errors: { MAX_CONNECTION_LIMIT_EXCEEDED: 1 } });
    expect(server.connections()).toBe(2);
  });

  it('a subscription over the account limit stops the stream until the filters change', async () => {
    const server = await serve();
    server.failNext('subscription', 'SUBSCRIPTION_LIMIT_EXCEEDED');
    const { source } = connect(server);
    await expect.poll(() => source.health().state).toBe('failed');
    expect(source.health().lastError).toMatchObject({ code: 'SUBSCRIPTION_LIMIT_EXCEEDED', isFatal: true });
    expect(server.connections()).toBe(1);
  });

  it('starts from a stored resume point (another instance taking over): only what followed it arrives', async () => {
    const server = await serve();
    const { seen } = connect(server, {}, { initialClk: TEST_INITIAL_CLK, clk: GREYHOUNDS[100]!.clk! });
    await expect.poll(() => dataOf(seen).length).toBe(GREYHOUNDS.length - 101);
    expect(server.subscriptions()[0]).toMatchObject({ initialClk: TEST_INITIAL_CLK, clk: GREYHOUNDS[100]!.clk });
    expect(seen[0]).toMatchObject({ ct: 'RESUB_DELTA' });
    expect(clksOf(seen)).toEqual(GREYHOUNDS.slice(101).map((frame) => frame.clk));
  });

  it('resume tokens the server refuses (INVALID_CLOCK) are dropped: a fresh subscription brings the whole image', async () => {
    const server = await serve();
    const { source, seen } = connect(server, {}, { initialClk: 'from-another-stream', clk: 'unknown' });
    await expect.poll(() => dataOf(seen).length).toBe(GREYHOUNDS.length);
    expect(server.subscriptions().map((subscription) => subscription.clk)).toEqual(['unknown', undefined]);
    expect(seen[0]).toMatchObject({ ct: 'SUB_IMAGE' });
    expect(source.health().errors).toEqual({ INVALID_CLOCK: 1 });
  });

  it('stop() closes the connection and nothing reaches the sink after it', async () => {
    const server = await serve({ framesPerTurn: 1 });
    const { source, seen } = connect(server);
    await expect.poll(() => seen.length).toBeGreaterThan(3);
    await source.stop();
    const count = seen.length;
    expect(source.health()).toMatchObject({ state: 'stopped', isConnected: false });
    // The server would have sent the whole tape by now; the heartbeats and frames it wrote went nowhere.
    await expect.poll(() => server.linesWritten()[0]).toBeGreaterThan(count);
    expect(seen.length).toBe(count);
  });
});
