import { connect as connectTls, rootCertificates, type TLSSocket } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../../../lib/clock';
import type { BetfairStreamConfig } from './stream-config';
import { initialHealth, type StreamError, type StreamErrorCode, type StreamHealth, type StreamState } from './stream-health';
import { LineReader, StreamProtocolError } from './stream-lines';
import type {
  MarketChangeMessage,
  MarketChangeSink,
  MarketChangeSource,
  StatusMessage,
  StreamClientMessage,
  StreamResumePoint,
  StreamServerMessage,
} from './stream-messages';
import { SegmentJoiner } from './stream-segments';
import { SilenceWatchdog } from './stream-watchdog';
import { type BetfairSession, createBetfairSession, IdentityError } from './stream-session';
import { knownStatusCode, reconnectDelayMs, STATUS_ACTIONS, type StatusAction } from './stream-status';

/** With segmentation on, Betfair's lines stay far below this; a longer one is a broken stream. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;
const DEFAULT_RECONNECT_BASE_MS = 1_000;
const DEFAULT_RECONNECT_MAX_MS = 60_000;
const DEFAULT_SLOW_RETRY_MS = 30_000;
const MIN_WATCHDOG_MARGIN_MS = 5_000;

/** The live stream as the feed uses it: a source of market changes that reports how it is doing. */
export interface BetfairStreamSource extends MarketChangeSource {
  health(): StreamHealth;
  /** Where a subscription would resume now (the last whole message's tokens), for another instance to take over from. */
  resumePoint(): StreamResumePoint | undefined;
}

export interface BetfairStreamDeps {
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  clock?: Clock;
  /** For the reconnect jitter (tests pass a fixed one). */
  random?: () => number;
  /** The session to authenticate with; by default the one the configuration describes. */
  session?: BetfairSession;
}

interface Problem {
  code: StreamErrorCode;
  message: string;
}

/**
 * Betfair's Exchange Stream over TLS (docs/feeds-stream.md): connect, authenticate with the app
 * key and session, subscribe with the configured filters, hand every whole message (segments
 * joined, heartbeats included) to the sink in order, and keep at it. A silence longer than the
 * heartbeat plus a margin is a dead link; a lost link is reconnected with backoff and the
 * subscription resumed from the last `initialClk`/`clk`, so the sink sees each change once. A
 * status error is fatal (stop until the configuration changes), a session to renew, refused
 * resume tokens, or a fault to retry (stream-status.ts).
 */
export function createBetfairStreamSource(config: BetfairStreamConfig, deps: BetfairStreamDeps): BetfairStreamSource {
  const log = deps.logger;
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? Math.random;
  const session = deps.session ?? createBetfairSession(config, () => clock.now());
  const reconnectBaseMs = config.reconnectBaseMs ?? DEFAULT_RECONNECT_BASE_MS;
  const reconnectMaxMs = config.reconnectMaxMs ?? DEFAULT_RECONNECT_MAX_MS;
  const slowRetryMs = config.slowRetryMs ?? DEFAULT_SLOW_RETRY_MS;
  const silenceLimitMs = config.heartbeatMs + (config.watchdogMarginMs ?? Math.max(config.heartbeatMs, MIN_WATCHDOG_MARGIN_MS));
  const ca = config.ca ? [...rootCertificates, config.ca] : undefined;

  const health = initialHealth(config.host, config.port, session.source);

  let sink: MarketChangeSink | undefined;
  let socket: TLSSocket | undefined;
  /** Names the current connection: events of an older socket, or of none, are ignored. */
  let connection = 0;
  /** Failed attempts in a row (the backoff's exponent); 0 once a connection goes live. */
  let attempt = 0;
  let requestId = 0;
  let authenticationId = -1;
  let subscriptionId = -1;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const watchdog = new SilenceWatchdog(silenceLimitMs);
  const joiner = new SegmentJoiner();

  const setState = (state: StreamState) => {
    if (health.state === state) return;
    health.state = state;
    if (state !== 'waiting') health.nextAttemptAt = null;
  };

  const record = (problem: Problem, isFatal: boolean): StreamError => {
    const error: StreamError = { ...problem, at: clock.now(), isFatal };
    health.lastError = error;
    health.errors[problem.code] = (health.errors[problem.code] ?? 0) + 1;
    return error;
  };

  const send = (message: StreamClientMessage) => socket?.write(`${JSON.stringify(message)}\r\n`);

  /** Waits, then connects again; `renewFirst`: get a new session before. */
  const scheduleReconnect = (minimumMs: number, renewFirst = false) => {
    if (!sink || reconnectTimer) return;
    attempt += 1;
    const delayMs = Math.max(minimumMs, reconnectDelayMs(attempt, reconnectBaseMs, reconnectMaxMs, random));
    setState('waiting');
    health.nextAttemptAt = clock.now() + delayMs;
    health.reconnects += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void open(renewFirst);
    }, delayMs);
  };

  const fail = (error: StreamError) => {
    setState('failed');
    session.stop();
    log.error({ code: error.code, reason: error.message }, 'betfair stream: stopped until its configuration changes');
  };

  /** Closes connection `id` (if still current) and decides what follows. */
  function endConnection(id: number, problem: Problem, action: StatusAction) {
    if (id !== connection) return;
    connection += 1;
    watchdog.stop();
    socket?.destroy();
    socket = undefined;
    health.isConnected = false;
    health.isAuthenticated = false;
    health.isSubscribed = false;
    joiner.reset();
    if (!sink) return;
    const error = record(problem, action === 'fatal');
    if (action === 'fatal') return fail(error);
    log.warn({ code: problem.code, reason: problem.message, action }, 'betfair stream: connection lost');
    if (action === 'resubscribe-fresh') {
      // The resume tokens are refused: a fresh subscription starts over with a whole image.
      health.initialClk = null;
      health.clk = null;
    }
    if (action === 'renew-session') return scheduleReconnect(0, true);
    scheduleReconnect(action === 'retry-slowly' ? slowRetryMs : 0);
  }

  function onIdentityFault(error: unknown) {
    const fault = error instanceof IdentityError ? error : new IdentityError('IDENTITY_UNAVAILABLE', String(error), false);
    const recorded = record({ code: fault.code, message: fault.message }, fault.isFatal);
    if (fault.isFatal) return fail(recorded);
    log.warn({ code: fault.code, reason: fault.message }, 'betfair stream: no session yet');
    scheduleReconnect(fault.retryAfterMs);
  }

  async function open(renewFirst: boolean) {
    if (!sink) return;
    const id = ++connection;
    setState('connecting');
    let token: string;
    try {
      token = renewFirst ? await session.renew() : await session.token();
    } catch (error) {
      if (id === connection && sink) onIdentityFault(error);
      return;
    }
    health.session.renewedAt = session.renewedAt();
    if (id !== connection || !sink) return;
    const reader = new LineReader(MAX_LINE_BYTES);
    let tlsSocket: TLSSocket;
    try {
      tlsSocket = connectTls({ host: config.host, port: config.port, ...(ca ? { ca } : {}) });
    } catch (error) {
      // Options Node refuses at once (a CA that is not PEM): the same next time.
      return endConnection(id, { code: 'SOCKET_ERROR', message: (error as Error).message }, 'fatal');
    }
    socket = tlsSocket;
    watchdog.start((silentMs) =>
      endConnection(id, { code: 'HEARTBEAT_TIMEOUT', message: `Nothing from the stream for ${silentMs} ms` }, 'retry'),
    );
    tlsSocket.setNoDelay(true);
    tlsSocket.on('secureConnect', () => {
      if (id === connection) health.isConnected = true;
    });
    tlsSocket.on('data', (chunk: Buffer) => {
      if (id !== connection) return;
      let lines: string[];
      try {
        lines = reader.push(chunk);
      } catch (error) {
        return endConnection(id, { code: 'PROTOCOL_ERROR', message: (error as Error).message }, 'retry');
      }
      for (const line of lines) {
        if (id !== connection) return;
        onLine(id, line, token);
      }
    });
    tlsSocket.on('error', (error) => endConnection(id, { code: 'SOCKET_ERROR', message: error.message }, 'retry'));
    tlsSocket.on('close', () =>
      endConnection(id, { code: 'CONNECTION_CLOSED', message: 'The server closed the connection' }, 'retry'),
    );
  }

  function onLine(id: number, line: string, token: string) {
    watchdog.heard();
    health.lastMessageAt = clock.now();
    let message: StreamServerMessage;
    try {
      message = JSON.parse(line) as StreamServerMessage;
    } catch {
      return endConnection(id, { code: 'PROTOCOL_ERROR', message: 'A line that is not JSON' }, 'retry');
    }
    switch (message.op) {
      case 'connection':
        health.connectionId = message.connectionId ?? null;
        authenticationId = ++requestId;
        setState('authenticating');
        send({ op: 'authentication', id: authenticationId, appKey: config.appKey, session: token });
        return;
      case 'status':
        return onStatus(id, message);
      case 'mcm':
        return onChange(id, message);
      default:
        // Order changes and anything newer: not subscribed to, not ours to read.
        return;
    }
  }

  function onStatus(id: number, message: StatusMessage) {
    if (typeof message.connectionsAvailable === 'number') health.connectionsAvailable = message.connectionsAvailable;
    if (message.statusCode === 'FAILURE') {
      const code = knownStatusCode(message.errorCode);
      const text = [message.errorCode !== code ? message.errorCode : undefined, message.errorMessage].filter(Boolean).join(': ');
      return endConnection(id, { code, message: text || code }, STATUS_ACTIONS[code]);
    }
    if (message.id === authenticationId) {
      health.isAuthenticated = true;
      subscriptionId = ++requestId;
      setState('subscribing');
      const resume = health.initialClk && health.clk ? { initialClk: health.initialClk, clk: health.clk } : {};
      send({
        op: 'marketSubscription',
        id: subscriptionId,
        ...resume,
        heartbeatMs: config.heartbeatMs,
        conflateMs: config.conflateMs,
        segmentationEnabled: true,
        marketFilter: config.marketFilter,
        marketDataFilter: config.marketDataFilter,
      });
    } else if (message.id === subscriptionId) {
      health.isSubscribed = true;
    }
  }

  function onChange(id: number, message: MarketChangeMessage) {
    // A change of an earlier subscription on this connection (there is none today): not ours.
    if (message.id !== undefined && message.id !== subscriptionId) return;
    let whole: MarketChangeMessage | undefined;
    try {
      whole = joiner.push(message);
    } catch (error) {
      if (error instanceof StreamProtocolError)
        return endConnection(id, { code: 'PROTOCOL_ERROR', message: error.message }, 'retry');
      throw error;
    }
    if (!whole || !sink) return;
    health.isStale = whole.status === 503;
    try {
      sink.onChange(whole);
    } catch (error) {
      // The sink's fault, not the stream's: reconnecting would not apply the change either.
      log.error({ err: error }, 'betfair stream: the sink failed on a change');
    }
    // Only now does the resume point move past it.
    if (whole.initialClk) health.initialClk = whole.initialClk;
    if (whole.clk) health.clk = whole.clk;
    health.messages += 1;
    if (health.state !== 'live') {
      setState('live');
      health.lastLiveAt = clock.now();
      attempt = 0;
      log.info({ connectionId: health.connectionId, resumed: whole.ct === 'RESUB_DELTA' }, 'betfair stream: live');
    }
  }

  return {
    start(target, resumeFrom) {
      if (sink) throw new Error('The Betfair stream is already started');
      sink = target;
      attempt = 0;
      if (resumeFrom && 'clk' in resumeFrom) {
        health.initialClk = resumeFrom.initialClk;
        health.clk = resumeFrom.clk;
      }
      session.start((error) => {
        record({ code: error.code, message: error.message }, error.isFatal);
        log.warn({ code: error.code, reason: error.message }, 'betfair stream: keeping the session alive failed');
      });
      void open(false);
    },
    async stop() {
      const wasOpen = socket;
      sink = undefined;
      connection += 1;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      watchdog.stop();
      session.stop();
      socket = undefined;
      health.isConnected = false;
      health.isAuthenticated = false;
      health.isSubscribed = false;
      joiner.reset();
      setState('stopped');
      if (wasOpen && !wasOpen.destroyed) {
        await new Promise<void>((resolve) => {
          wasOpen.once('close', () => resolve());
          wasOpen.destroy();
        });
      }
    },
    health: () => ({ ...health, errors: { ...health.errors }, session: { ...health.session, renewedAt: session.renewedAt() } }),
    resumePoint: () => (health.initialClk && health.clk ? { initialClk: health.initialClk, clk: health.clk } : undefined),
  };
}
