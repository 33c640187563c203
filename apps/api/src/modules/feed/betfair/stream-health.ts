import type { FEED_SESSION_SOURCES, FeedReadiness, FeedStreamState } from '@app/shared';
import type { StatusErrorCode } from './stream-messages';

/** Faults the client finds itself, beside the codes Betfair's status messages carry. */
export const LOCAL_STREAM_ERROR_CODES = [
  /** Nothing (not even a heartbeat) arrived within the heartbeat interval plus the margin. */
  'HEARTBEAT_TIMEOUT',
  /** The connection could not be opened or broke (refused, reset, TLS). */
  'SOCKET_ERROR',
  /** The server closed the connection without a status. */
  'CONNECTION_CLOSED',
  /** A line that is not JSON, too long, or segments out of order. */
  'PROTOCOL_ERROR',
  /** The certificate login was refused (its status is in the message). */
  'LOGIN_FAILED',
  /** The given session token has ended and there is no certificate login to get another. */
  'SESSION_EXPIRED',
  /** The identity service could not be reached or answered nonsense. */
  'IDENTITY_UNAVAILABLE',
] as const;

export type StreamErrorCode = StatusErrorCode | (typeof LOCAL_STREAM_ERROR_CODES)[number];

export interface StreamError {
  code: StreamErrorCode;
  /** Betfair's or the client's own words; never a token, key or password. */
  message: string;
  /** Epoch ms. */
  at: number;
  /** true: the stream stopped and waits for a change of configuration. */
  isFatal: boolean;
}

/** `stopped`, `connecting` → `authenticating` → `subscribing` → `live`, `waiting`, `failed` (shared/domain/feed-stream.ts). */
export type StreamState = FeedStreamState;

/** The live stream's state on this instance, for `/api/ready`, the metrics and the console (docs/feeds-stream.md). */
export interface StreamHealth {
  state: StreamState;
  host: string;
  port: number;
  isConnected: boolean;
  isAuthenticated: boolean;
  isSubscribed: boolean;
  /** Betfair marked its data stale (`status: 503` on a change message) and has not yet sent a normal one. */
  isStale: boolean;
  connectionId: string | null;
  /** Stream connections the account has left, as Betfair last said. */
  connectionsAvailable: number | null;
  /** Epoch ms of the last line received (a heartbeat counts). */
  lastMessageAt: number | null;
  /** When the stream last became live. */
  lastLiveAt: number | null;
  /** Where a re-subscription resumes: the tokens of the last whole message handed on. */
  initialClk: string | null;
  clk: string | null;
  /** Whole change messages handed to the sink (heartbeats included). */
  messages: number;
  /** Reconnections after a lost or refused connection. */
  reconnects: number;
  nextAttemptAt: number | null;
  lastError: StreamError | null;
  /** How often each error happened since start. */
  errors: Partial<Record<StreamErrorCode, number>>;
  session: { source: (typeof FEED_SESSION_SOURCES)[number]; renewedAt: number | null };
}

/** A stream that has not started yet. */
export function initialHealth(host: string, port: number, source: StreamHealth['session']['source']): StreamHealth {
  return {
    state: 'stopped',
    host,
    port,
    isConnected: false,
    isAuthenticated: false,
    isSubscribed: false,
    isStale: false,
    connectionId: null,
    connectionsAvailable: null,
    lastMessageAt: null,
    lastLiveAt: null,
    initialClk: null,
    clk: null,
    messages: 0,
    reconnects: 0,
    nextAttemptAt: null,
    lastError: null,
    errors: {},
    session: { source, renewedAt: null },
  };
}

/** What `/api/ready` says of the live stream (docs/feeds-stream.md, "Readiness"). */
export type StreamReadiness = Exclude<FeedReadiness, 'not configured'>;

export function streamReadiness(health: StreamHealth): StreamReadiness {
  if (health.state === 'live') return health.isStale ? 'stale' : 'ok';
  if (health.state === 'failed') return 'failing';
  // Still on the way up (never failed since it last was live) or on the way back after a fault.
  const lastError = health.lastError;
  return lastError && lastError.at >= (health.lastLiveAt ?? -Infinity) ? 'failing' : 'connecting';
}
