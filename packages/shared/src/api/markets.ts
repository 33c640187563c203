import { z } from 'zod';
import { defineEndpoint } from './contract';
import { closedBySchema, placingSchema, priceSchema } from './sports';

export const marketStatusSchema = z.enum(['OPEN', 'SUSPENDED', 'CLOSED']);
export type MarketStatus = z.infer<typeof marketStatusSchema>;

export const runnerSchema = z.object({
  selection_id: z.number().int(),
  name: z.string(),
  /** Races only: the saddle-cloth number (a greyhound's trap), the jockey (horses) and the form line. */
  cloth_number: z.number().int().optional(),
  jockey: z.string().optional(),
  form: z.string().optional(),
  /** Best first, at most 3; empty while the market is not open. */
  back: z.array(priceSchema),
  lay: z.array(priceSchema),
  /**
   * Betfair markets: the last traded price (decimal odds), shown where a feed carries no offers
   * (a BASIC recording), never taken as one (docs/feeds.md).
   */
  last_traded: z.number().optional(),
  /** A non-runner (withdrawn): no prices; bets on it are void (docs/betting.md "Non-runners"). */
  is_removed: z.literal(true).optional(),
});

export const marketSchema = z.object({
  market_id: z.string(),
  market_name: z.string(),
  /** MATCH_ODDS, BOOKMAKER, OVER_UNDER_25, BOTH_TEAMS_TO_SCORE, WIN, PLACE. */
  market_type: z.string(),
  status: marketStatusSchema,
  closed_by: closedBySchema.optional(),
  /** How many runners win together: present only when more than one (a Place market's 2 or 3). */
  number_of_winners: z.number().int().optional(),
  in_play: z.boolean(),
  bet_delay_s: z.number().int(),
  /** Betfair markets: the market definition's version, which grows with every change to it. */
  version: z.number().int().optional(),
  /** Rupees. */
  min_stake: z.number(),
  max_stake: z.number(),
  runners: z.array(runnerSchema),
});
export type Market = z.infer<typeof marketSchema>;

export const fancySchema = z.object({
  fancy_id: z.number().int(),
  selection_id: z.number().int(),
  name: z.string(),
  status: marketStatusSchema,
  closed_by: closedBySchema.optional(),
  run_no: z.number().int().nullable(),
  size_no: z.number().int().nullable(),
  run_yes: z.number().int().nullable(),
  size_yes: z.number().int().nullable(),
  min_stake: z.number(),
  max_stake: z.number(),
});
export type Fancy = z.infer<typeof fancySchema>;

/** One thing that happened in a match, for the timeline; `kind` is translated by the site. */
export const matchEventSchema = z.object({
  kind: z.enum(['start', 'innings', 'four', 'six', 'wicket', 'goal', 'half_time', 'point', 'finish']),
  /** 0 home, 1 away. */
  side: z.number().int().min(0).max(1).nullable(),
  /** Where in the match: "14.3" (overs) or "67'" (minutes). */
  at: z.string(),
  detail: z.string(),
});
export type MatchEvent = z.infer<typeof matchEventSchema>;

export const scoreboardSchema = z.object({
  home: z.string(),
  away: z.string(),
  /** Runs per team ("145/3 (16.2)") or goals; empty before the start. */
  home_score: z.string(),
  away_score: z.string(),
  /** e.g. "Needs 34 from 22 balls"; a fixed phrase key for the site to translate. */
  status: z.enum(['not_started', 'in_play', 'break', 'finished']),
  note: z.string(),
  timeline: z.array(matchEventSchema),
  /** A finished race: the runners in finishing order. */
  placings: z.array(placingSchema).optional(),
});
export type Scoreboard = z.infer<typeof scoreboardSchema>;

export const matchDetailSchema = z.object({
  match_id: z.number().int(),
  name: z.string(),
  match_name: z.string(),
  series_id: z.number().int(),
  series_name: z.string(),
  sport_id: z.number().int(),
  start_time: z.string(),
  in_play: z.boolean(),
  scoreboard: scoreboardSchema,
});

export const marketsSnapshotSchema = z.object({
  match: matchDetailSchema,
  markets: z.array(marketSchema),
  fancy: z.array(fancySchema),
  /** The feed moment this answer shows; live deltas carry the next ones (see docs/sports.md). */
  seq: z.number().int(),
});
export type MarketsSnapshot = z.infer<typeof marketsSnapshotSchema>;

/** `market/getMarkets`: every market, runner ladder and fancy line of one match. */
export const getMarkets = defineEndpoint({
  method: 'POST',
  path: 'market/getMarkets',
  auth: 'public',
  request: z.strictObject({
    match_id: z.union([z.number().int(), z.string().regex(/^\d{1,15}$/, 'must be a whole number')]).transform(Number),
  }),
  data: marketsSnapshotSchema,
});
