import { z } from 'zod';
import type { CrashFlightMessage } from './casino';
import type { LiveTableMessage } from './live-tables';
import { fancySchema, marketSchema, scoreboardSchema } from './markets';

/** The live socket's path under the site's origin. */
export const LIVE_SOCKET_PATH = '/api/ws';
/** How many matches one socket may follow at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 20;

/**
 * Close codes of the live socket past its limits (docs/sports.md): an address already has
 * LIVE_SOCKETS_PER_ADDRESS sockets open (the new one is closed at once), or a session already has
 * LIVE_SOCKETS_PER_SESSION sockets signed in (the one whose `auth` would pass it is closed). The
 * reason text says which limit; a client should wait before it tries again.
 */
export const LIVE_CLOSE_CODES = {
  tooManyFromAddress: 4429,
  tooManyForSession: 4430,
} as const;

/** What a client sends: JSON, one object per message, each with a `type`. */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), match_id: z.number().int().positive() }),
  z.strictObject({ type: z.literal('unsubscribe'), match_id: z.number().int().positive() }),
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('ping') }),
  /** A live table's rounds (docs/casino.md, "Live tables"): a snapshot at once, then every change. */
  z.strictObject({ type: z.literal('table_subscribe'), table: z.string().min(1).max(60) }),
  z.strictObject({ type: z.literal('table_unsubscribe'), table: z.string().min(1).max(60) }),
  /** Crash's flight as the server's clock sees it (docs/casino.md "Crash on the screen"). */
  z.strictObject({ type: z.literal('crash_subscribe') }),
  z.strictObject({ type: z.literal('crash_unsubscribe') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/**
 * A change to one match: the markets and fancy lines that changed, whole. Apply it when the
 * state you hold is at `prev_seq` or later and before `seq`; if yours is older than `prev_seq`
 * you missed one: fetch `market/getMarkets` again.
 *
 * A `full` delta is the match's whole state at `seq` (markets, fancy, scoreboard), sent when a
 * publisher starts following the match: replace what you hold unless yours is at a later `seq`.
 * It reaches a client whose snapshot predates a change made before the publisher looked.
 */
export const matchDeltaSchema = z.object({
  type: z.literal('delta'),
  match_id: z.number().int(),
  seq: z.number().int(),
  prev_seq: z.number().int(),
  full: z.boolean(),
  in_play: z.boolean(),
  markets: z.array(marketSchema),
  fancy: z.array(fancySchema),
  /** Fancy lines that ended (the site drops them). */
  removed_fancy: z.array(z.number().int()),
  scoreboard: scoreboardSchema.nullable(),
});
export type MatchDelta = z.infer<typeof matchDeltaSchema>;

export type LiveServerMessage =
  | MatchDelta
  | LiveTableMessage
  | { type: 'table_unsubscribed'; table: string }
  | CrashFlightMessage
  | { type: 'crash_unsubscribed' }
  | { type: 'subscribed'; match_id: number }
  | { type: 'unsubscribed'; match_id: number }
  | { type: 'authed'; user_id: number }
  | { type: 'balance'; payload: unknown }
  | { type: 'pong' }
  | { type: 'error'; message: string; code: string };
