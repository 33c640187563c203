import { z } from 'zod';
import {
  MAX_SESSION_LIMIT_MINUTES,
  RG_LIMIT_KINDS,
  RG_PERIODS,
  SELF_EXCLUSION_DURATIONS,
  TIME_OUT_DURATIONS,
} from '../domain/responsible-play';
import { isWholePaise, paiseToRupees } from '../domain/money';
import { MAX_OPERATOR_AMOUNT_PAISE } from '../domain/wallet';
import { defineEndpoint } from './contract';

/** Rupees on the wire: a JSON number with at most two decimals. */
const rupees = z.number();
const realityCheckMinutes = z.union([z.literal(0), z.literal(15), z.literal(30), z.literal(60)], {
  error: 'reality_check_minutes must be 0, 15, 30 or 60',
});
const limitAmount = z
  .number()
  .positive('amount must be more than 0')
  .max(paiseToRupees(MAX_OPERATOR_AMOUNT_PAISE), `amount must be at most ${paiseToRupees(MAX_OPERATOR_AMOUNT_PAISE)}`)
  .refine(isWholePaise, 'amount has at most two decimals');

export const rgLimitSchema = z.object({
  kind: z.enum(RG_LIMIT_KINDS),
  period: z.enum(RG_PERIODS),
  /** The limit in effect, or null. */
  amount: rupees.nullable(),
  /** What this period's window has used (deposits, net loss with open bets, or stakes). */
  used: rupees,
  /** What is left under the limit (never below 0), or null without a limit. */
  remaining: rupees.nullable(),
  /** A raised limit waiting for its cool-off (null: removal, when `pending_from` is set). */
  pending_amount: rupees.nullable(),
  /** When the pending change may be confirmed (ISO time), or null. */
  pending_from: z.string().nullable(),
});
export type RgLimit = z.infer<typeof rgLimitSchema>;

export const rgPauseSchema = z.object({
  kind: z.enum(['time_out', 'self_exclusion']),
  /**
   * ISO time it ends; null: permanent, or a self-exclusion whose time is over and that lasts until
   * the player asks to return (then: the time the return takes effect).
   */
  until: z.string().nullable(),
});

export const rgStateSchema = z.object({
  limits: z.array(rgLimitSchema),
  reality_check_minutes: realityCheckMinutes,
  session_limit_minutes: z.number().int(),
  pause: rgPauseSchema.nullable(),
  /** A self-exclusion's time is over: the player may ask to return (rg/requestReturn). */
  can_request_return: z.boolean(),
  /** The player asked to return after a self-exclusion: `pause.until` is when play starts again. */
  return_requested: z.boolean(),
});
export type RgState = z.infer<typeof rgStateSchema>;

/**
 * The `data` of a 422 `LIMIT_REACHED` refusal: which limit was in the way and what is left of it
 * (rupees), so the site can name it in the player's language (the message is English).
 */
export const limitReachedDataSchema = z.object({
  kind: z.enum(RG_LIMIT_KINDS),
  period: z.enum(RG_PERIODS),
  limit: rupees,
  left: rupees,
});
export type LimitReachedData = z.infer<typeof limitReachedDataSchema>;

/**
 * The `data` of a refusal that names a moment (`PLAY_PAUSED`: the pause's end, null while a
 * self-exclusion waits for the player to ask to return; `REFUSED` of `rg/confirmLimit`: from when
 * the change may be confirmed), ISO 8601, so the site writes it in the player's zone and language.
 * The message writes it in the zone of the site's `tz` cookie (docs/shell.md "Dates and times").
 */
export const refusalMomentDataSchema = z.object({
  pause: z.enum(['time_out', 'self_exclusion']).optional(),
  until: z.string().nullable().optional(),
  from: z.string().optional(),
});
export type RefusalMomentData = z.infer<typeof refusalMomentDataSchema>;

export const rgGetLimits = defineEndpoint({
  method: 'POST',
  path: 'rg/getLimits',
  auth: 'user',
  request: z.strictObject({}),
  data: rgStateSchema,
});

export const rgSetLimit = defineEndpoint({
  method: 'POST',
  path: 'rg/setLimit',
  auth: 'user',
  request: z.strictObject({ kind: z.enum(RG_LIMIT_KINDS), period: z.enum(RG_PERIODS), amount: limitAmount.nullable() }),
  data: rgStateSchema,
});

export const rgConfirmLimit = defineEndpoint({
  method: 'POST',
  path: 'rg/confirmLimit',
  auth: 'user',
  request: z.strictObject({ kind: z.enum(RG_LIMIT_KINDS), period: z.enum(RG_PERIODS) }),
  data: rgStateSchema,
});

export const rgSetSessionControls = defineEndpoint({
  method: 'POST',
  path: 'rg/setSessionControls',
  auth: 'user',
  request: z.strictObject({
    reality_check_minutes: realityCheckMinutes,
    session_limit_minutes: z.number().int().min(0).max(MAX_SESSION_LIMIT_MINUTES),
  }),
  data: rgStateSchema,
});

export const rgPause = defineEndpoint({
  method: 'POST',
  path: 'rg/pause',
  auth: 'user',
  request: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('time_out'), duration: z.enum(TIME_OUT_DURATIONS) }),
    z.strictObject({ kind: z.literal('self_exclusion'), duration: z.enum(SELF_EXCLUSION_DURATIONS) }),
  ]),
  data: rgStateSchema,
});

/** After a self-exclusion has ended: the player asks to play again, and waits 24 hours. */
export const rgRequestReturn = defineEndpoint({
  method: 'POST',
  path: 'rg/requestReturn',
  auth: 'user',
  request: z.strictObject({}),
  data: rgStateSchema,
});

export const rgSessionSchema = z.object({
  /** The server's time now and the session's start, so the site runs the clock on the server's time. */
  server_time: z.string(),
  started_at: z.string(),
  reality_check_minutes: z.number().int(),
  /** When the next reality check is due (ISO), or null without one. */
  next_reality_check_at: z.string().nullable(),
  /** When the session ends by its time limit (ISO), or null without one. */
  ends_at: z.string().nullable(),
  /** The player's net result (won − lost, rupees) on bets and games settled since this login. */
  net_result: rupees,
  /** What the player staked since this login: bets placed and casino stakes (less rollbacks), rupees. */
  staked: rupees,
  /** What winning bets and rounds settled since this login returned to the player (stake back included), rupees. */
  won: rupees,
});
export type RgSession = z.infer<typeof rgSessionSchema>;

export const rgSession = defineEndpoint({
  method: 'POST',
  path: 'rg/session',
  auth: 'user',
  request: z.strictObject({}),
  data: rgSessionSchema,
  /** Asked by the site's clock: it must not keep an idle session alive. */
  countsAsActivity: false,
});

/** The player saw the reality check and chose to continue: the next one is one interval later. */
export const rgContinueSession = defineEndpoint({
  method: 'POST',
  path: 'rg/continueSession',
  auth: 'user',
  request: z.strictObject({}),
  data: rgSessionSchema,
});
