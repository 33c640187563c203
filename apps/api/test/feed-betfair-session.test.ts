import { X509Certificate } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BetfairStreamConfig, type BetfairStreamSource, createBetfairStreamSource } from '../src/modules/feed';
import type { MarketChangeMessage } from '../src/modules/feed/betfair/stream-messages';
import { type BetfairIdentityServer, startBetfairIdentityServer } from './support/betfair-identity-server';
import { type BetfairStreamServer, readRecording, startBetfairStreamServer } from './support/betfair-stream-server';
import { silentLog, testStreamConfig } from './support/betfair-stream-client';
import { makeTestCertificates, type TestCertificates } from './support/test-certificates';
import { testDatabaseKind } from './test-app';

const TAPE = readRecording('1.197931750');
const APP_KEY = 'test-app-key';
const LOGIN = { username: 'bot', password: 'correct horse' };

let certificates: TestCertificates;
const closing: { close(): Promise<void> }[] = [];
const sources: BetfairStreamSource[] = [];

beforeAll(() => {
  certificates = makeTestCertificates();
});
afterEach(async () => {
  for (const source of sources.splice(0)) await source.stop();
  for (const server of closing.splice(0)) await server.close();
});
afterAll(() => certificates.remove());

/** The stream and identity servers sharing one set of live sessions, as Betfair's do. */
async function betfair(sessions: string[] = []) {
  const live = new Set(sessions);
  const stream = await startBetfairStreamServer({ tls: certificates.server, appKey: APP_KEY, sessions: live, tape: TAPE });
  const identity = await startBetfairIdentityServer({
    tls: certificates.server,
    appKey: APP_KEY,
    sessions: live,
    login: { ...LOGIN, certFingerprint256: new X509Certificate(certificates.client.cert).fingerprint256 },
  });
  closing.push(stream, identity);
  return { stream, identity };
}

function connect(stream: BetfairStreamServer, identity: BetfairIdentityServer, overrides: Partial<BetfairStreamConfig>) {
  const seen: MarketChangeMessage[] = [];
  const source = createBetfairStreamSource(
    testStreamConfig(stream.port, certificates.server.cert, {
      appKey: APP_KEY,
      identityUrl: identity.url,
      identityCertUrl: identity.url,
      ...overrides,
    }),
    { logger: silentLog },
  );
  sources.push(source);
  source.start({ onChange: (message) => seen.push(message) });
  return { source, seen };
}

const sessionsSent = (stream: BetfairStreamServer) =>
  stream.received().flatMap((message) => (message.op === 'authentication' ? [message.session] : []));

// The identity calls and the stream touch no database: one run is enough.
describe.runIf(testDatabaseKind() === 'sqlite')('Betfair session: kept alive and renewed', () => {
  it('a given session token is kept alive with the app key, as often as configured', async () => {
    const { stream, identity } = await betfair(['given-token']);
    const { source, seen } = connect(stream, identity, { sessionToken: 'given-token', keepAliveMs: 150 });
    await expect.poll(() => identity.calls().length).toBeGreaterThanOrEqual(3);
    expect(identity.calls().slice(0, 3)).toEqual(
      Array.from({ length: 3 }, () => ({ path: 'keepAlive', appKey: APP_KEY, session: 'given-token' })),
    );
    expect(source.health().session).toMatchObject({ source: 'token', renewedAt: expect.any(Number) });
    await expect.poll(() => seen.length).toBeGreaterThanOrEqual(TAPE.length);
    expect(sessionsSent(stream)).toEqual(['given-token']);
  });

  it('a given token that Betfair ended is reported by the next keep-alive, while the stream runs on', async () => {
    const { stream, identity } = await betfair(['given-token']);
    const { source } = connect(stream, identity, { sessionToken: 'given-token', keepAliveMs: 100 });
    await expect.poll(() => source.health().state).toBe('live');
    identity.expire('given-token');
    await expect.poll(() => source.health().lastError?.code).toBe('SESSION_EXPIRED');
    expect(source.health().lastError).toMatchObject({ isFatal: true });
    expect(source.health()).toMatchObject({ state: 'live', isConnected: true });
  });

  it('a given token the stream refuses and the keep-alive confirms ended stops the stream: one attempt, no storm', async () => {
    const { stream, identity } = await betfair([]);
    const { source } = connect(stream, identity, { sessionToken: 'ended-token' });
    await expect.poll(() => source.health().state).toBe('failed');
    expect(source.health().errors).toEqual({ INVALID_SESSION_INFORMATION: 1, SESSION_EXPIRED: 1 });
    expect(source.health().lastError).toMatchObject({
      code: 'SESSION_EXPIRED',
      isFatal: true,
      message: expect.stringContaining('BETFAIR_SESSION_TOKEN'),
    });
    expect(source.health().nextAttemptAt).toBeNull();
    expect(identity.calls()).toEqual([{ path: 'keepAlive', appKey: APP_KEY, session: 'ended-token' }]);
    expect(stream.connections()).toBe(1);
  });

  it('the certificate login gets a session with the client certificate, and a new one when the stream refuses it', async () => {
    const { stream, identity } = await betfair();
    const { source, seen } = connect(stream, identity, {
      certLogin: { ...LOGIN, certFile: certificates.client.certFile, keyFile: certificates.client.keyFile },
    });
    await expect.poll(() => seen.length).toBeGreaterThanOrEqual(TAPE.length);
    expect(identity.calls()).toEqual([{ path: 'certlogin', appKey: APP_KEY, hasCertificate: true }]);
    expect(sessionsSent(stream)).toEqual(['session-1']);
    expect(source.health().session).toMatchObject({ source: 'certificate', renewedAt: expect.any(Number) });

    // Betfair ends the session and the link drops: INVALID_SESSION_INFORMATION, a new login, and on from the last clk.
    identity.expire('session-1');
    const before = source.health().clk;
    stream.dropConnections();
    await expect.poll(() => sessionsSent(stream)).toEqual(['session-1', 'session-1', 'session-2']);
    await expect.poll(() => source.health().state).toBe('live');
    expect(source.health().errors).toMatchObject({ CONNECTION_CLOSED: 1, INVALID_SESSION_INFORMATION: 1 });
    expect(identity.calls().map((call) => call.path)).toEqual(['certlogin', 'certlogin']);
    expect(stream.subscriptions().at(-1)).toMatchObject({ clk: before });
  });

  it('a refused certificate login stops the stream before it connects, and says why', async () => {
    const { stream, identity } = await betfair();
    const { source } = connect(stream, identity, {
      certLogin: { ...LOGIN, password: 'wrong', certFile: certificates.client.certFile, keyFile: certificates.client.keyFile },
    });
    await expect.poll(() => source.health().state).toBe('failed');
    expect(source.health().lastError).toMatchObject({
      code: 'LOGIN_FAILED',
      message: 'Betfair refused the certificate login: INVALID_USERNAME_OR_PASSWORD',
      isFatal: true,
    });
    expect(stream.connections()).toBe(0);
  });
});
