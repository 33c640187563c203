/**
 * The live odds stream's states, as the API reports them to `/api/ready`, the metrics and the
 * console (docs/feeds-stream.md): one list for the server, the contract and the console's texts.
 */

/**
 * - `stopped`: not started, or stopped.
 * - `connecting` → `authenticating` → `subscribing` → `live` (the first whole message arrived).
 * - `waiting`: for the next attempt after a failure.
 * - `failed`: stopped by an error only a change of configuration fixes.
 */
export const FEED_STREAM_STATES = [
  'stopped',
  'connecting',
  'authenticating',
  'subscribing',
  'live',
  'waiting',
  'failed',
] as const;
export type FeedStreamState = (typeof FEED_STREAM_STATES)[number];

/** What `/api/ready` says of the stream; `not configured`: this instance holds none (simulator, replay). */
export const FEED_READINESS = ['ok', 'stale', 'connecting', 'failing', 'not configured'] as const;
export type FeedReadiness = (typeof FEED_READINESS)[number];

/** Where the stream's session comes from: a given token kept alive, or the certificate login. */
export const FEED_SESSION_SOURCES = ['token', 'certificate'] as const;
