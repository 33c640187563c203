import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../../../lib/clock';
import type { BetfairStreamConfig } from './stream-config';
import { initialHealth, type StreamHealth } from './stream-health';
import type { MarketChangeSource, StreamResumePoint } from './stream-messages';
import { SegmentJoiner } from './stream-segments';
import { SilenceWatchdog } from './stream-watchdog';
import { type BetfairSession, createBetfairSession } from './stream-session';
import { forgetConnection, recordProblem, resumeTokens, setStreamState, type StreamLink } from './stream-client-support';
import { createStreamOpener } from './stream-connection';
import { createStreamProtocol } from './stream-protocol';
import { createStreamRecovery } from './stream-recovery';

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

/**
 * Betfair's Exchange Stream over TLS (docs/feeds-stream.md): connect, authenticate with the app
 * key and session, subscribe with the configured filters, hand every whole message (segments
 * joined, heartbeats included) to the sink in order, and keep at it. A silence longer than the
 * heartbeat plus a margin is a dead link; a lost link is reconnected with backoff and the
 * subscription resumed from the last `initialClk`/`clk`, so the sink sees each change once. A
 * status error is fatal (stop until the configuration changes), a session to renew, refused
 * resume tokens, or a fault to retry (stream-status.ts).
 *
 * In parts, sharing one `StreamLink` (stream-client-support.ts): opening a connection
 * (stream-connection.ts), the conversation on it (stream-protocol.ts), and what follows its end
 * (stream-recovery.ts).
 */
export function createBetfairStreamSource(config: BetfairStreamConfig, deps: BetfairStreamDeps): BetfairStreamSource {
  const clock = deps.clock ?? systemClock;
  const session = deps.session ?? createBetfairSession(config, () => clock.now());
  const silenceLimitMs = config.heartbeatMs + (config.watchdogMarginMs ?? Math.max(config.heartbeatMs, MIN_WATCHDOG_MARGIN_MS));
  const link: StreamLink = {
    config,
    log: deps.logger,
    clock,
    session,
    health: initialHealth(config.host, config.port, session.source),
    watchdog: new SilenceWatchdog(silenceLimitMs),
    joiner: new SegmentJoiner(),
    sink: undefined,
    socket: undefined,
    connection: 0,
    attempt: 0,
  };
  const { health, log } = link;

  const recovery = createStreamRecovery(link, deps.random ?? Math.random, (renewFirst) => void open(renewFirst));
  const protocol = createStreamProtocol(link, recovery);
  const open = createStreamOpener(link, recovery, protocol);

  return {
    start(target, resumeFrom) {
      if (link.sink) throw new Error('The Betfair stream is already started');
      link.sink = target;
      link.attempt = 0;
      if (resumeFrom && 'clk' in resumeFrom) {
        health.initialClk = resumeFrom.initialClk;
        health.clk = resumeFrom.clk;
      }
      session.start((error) => {
        recordProblem(link, { code: error.code, message: error.message }, error.isFatal);
        log.warn({ code: error.code, reason: error.message }, 'betfair stream: keeping the session alive failed');
      });
      void open(false);
    },
    async stop() {
      const wasOpen = link.socket;
      link.sink = undefined;
      recovery.cancel();
      session.stop();
      // The socket is ended below, once its close can be awaited.
      forgetConnection(link, false);
      setStreamState(link, 'stopped');
      if (wasOpen && !wasOpen.destroyed) {
        await new Promise<void>((resolve) => {
          wasOpen.once('close', () => resolve());
          wasOpen.destroy();
        });
      }
    },
    health: () => ({ ...health, errors: { ...health.errors }, session: { ...health.session, renewedAt: session.renewedAt() } }),
    resumePoint: () => resumeTokens(health),
  };
}
