import type { TLSSocket } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../lib/clock';
import type { BetfairStreamConfig } from './stream-config';
import type { StreamError, StreamErrorCode, StreamHealth, StreamState } from './stream-health';
import type { MarketChangeSink } from './stream-messages';
import type { SegmentJoiner } from './stream-segments';
import type { BetfairSession } from './stream-session';
import type { SilenceWatchdog } from './stream-watchdog';

/** Why a connection ended, as the health reports it. */
export interface StreamProblem {
  code: StreamErrorCode;
  message: string;
}

/**
 * What the parts of one Betfair stream client share (docs/feeds-stream.md): its settings, its
 * health, and the connection of the moment. The client (stream-client.ts) builds it once.
 */
export interface StreamLink {
  readonly config: BetfairStreamConfig;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  readonly clock: Clock;
  readonly session: BetfairSession;
  readonly health: StreamHealth;
  readonly watchdog: SilenceWatchdog;
  readonly joiner: SegmentJoiner;
  /** Where whole messages go: set while started. */
  sink: MarketChangeSink | undefined;
  socket: TLSSocket | undefined;
  /** Names the current connection: events of an older socket, or of none, are ignored. */
  connection: number;
  /** Failed attempts in a row (the backoff's exponent); 0 once a connection goes live. */
  attempt: number;
}

export function setStreamState(link: StreamLink, state: StreamState): void {
  const health = link.health;
  if (health.state === state) return;
  health.state = state;
  if (state !== 'waiting') health.nextAttemptAt = null;
}

export function recordProblem(link: StreamLink, problem: StreamProblem, isFatal: boolean): StreamError {
  const health = link.health;
  const error: StreamError = { ...problem, at: link.clock.now(), isFatal };
  health.lastError = error;
  health.errors[problem.code] = (health.errors[problem.code] ?? 0) + 1;
  return error;
}

/**
 * Forgets the current connection (its socket's later events are ignored): no watchdog, no
 * socket, nothing half-received. `destroySocket`: end the socket now, not leave it to the caller.
 */
export function forgetConnection(link: StreamLink, destroySocket: boolean): void {
  link.connection += 1;
  link.watchdog.stop();
  if (destroySocket) link.socket?.destroy();
  link.socket = undefined;
  link.health.isConnected = false;
  link.health.isAuthenticated = false;
  link.health.isSubscribed = false;
  link.joiner.reset();
}

/** Where a subscription resumes: the tokens of the last whole message handed on, when there are both. */
export function resumeTokens(health: StreamHealth): { initialClk: string; clk: string } | undefined {
  return health.initialClk && health.clk ? { initialClk: health.initialClk, clk: health.clk } : undefined;
}
