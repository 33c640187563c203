import type { StatusErrorCode } from './stream-messages';

/**
 * What the live stream does after each of Betfair's status errors (docs/feeds-stream.md, "When
 * the stream fails"). Every code Betfair documents has an entry, so a new one in
 * stream-messages.ts cannot be forgotten here.
 *
 * - `fatal`: repeating the same request gets the same answer; the stream stops until the
 *   configuration is changed (and the API restarted). Retrying would only hammer Betfair.
 * - `renew-session`: the session token is refused; get a fresh one, then reconnect.
 * - `resubscribe-fresh`: the resume tokens are refused; subscribe without them (a new image).
 * - `retry`: a passing fault; reconnect with exponential backoff.
 * - `retry-slowly`: a limit of the account; reconnect no sooner than the slow floor.
 */
export type StatusAction = 'fatal' | 'renew-session' | 'resubscribe-fresh' | 'retry' | 'retry-slowly';

export const STATUS_ACTIONS: Readonly<Record<StatusErrorCode, StatusAction>> = {
  NO_APP_KEY: 'fatal',
  INVALID_APP_KEY: 'fatal',
  // The account or its key may not use the Stream API (a delayed key, or access not granted).
  NOT_AUTHORIZED: 'fatal',
  // Our own request is malformed or out of range (e.g. a heartbeat outside 500–5000 ms).
  INVALID_INPUT: 'fatal',
  INVALID_REQUEST: 'fatal',
  // The filters match more markets than the account may follow: narrow them.
  SUBSCRIPTION_LIMIT_EXCEEDED: 'fatal',
  NO_SESSION: 'renew-session',
  INVALID_SESSION_INFORMATION: 'renew-session',
  INVALID_CLOCK: 'resubscribe-fresh',
  // Every stream connection of the account is in use (another instance or program holds them).
  MAX_CONNECTION_LIMIT_EXCEEDED: 'retry-slowly',
  // Too many connection attempts: Betfair throttles them.
  TOO_MANY_REQUESTS: 'retry-slowly',
  TIMEOUT: 'retry',
  UNEXPECTED_ERROR: 'retry',
  CONNECTION_FAILED: 'retry',
};

export const STATUS_ERROR_CODES = Object.keys(STATUS_ACTIONS) as StatusErrorCode[];

/** Betfair may add codes: an unknown one is reported as UNEXPECTED_ERROR (its text stays in the message). */
export function knownStatusCode(code: string | undefined): StatusErrorCode {
  return code !== undefined && Object.hasOwn(STATUS_ACTIONS, code) ? (code as StatusErrorCode) : 'UNEXPECTED_ERROR';
}

/**
 * The wait before reconnect attempt `attempt` (1, 2, …): doubling from `baseMs` up to `maxMs`,
 * with "equal jitter" (half fixed, half random) so several clients cut off together do not
 * come back together, and no wait collapses to nothing.
 */
export function reconnectDelayMs(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
