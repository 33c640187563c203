import { z } from 'zod';
import { defineEndpoint } from './contract';

export const sportSchema = z.object({
  sport_id: z.number().int(),
  name: z.string(),
  is_active: z.enum(['0', '1']),
});
export type Sport = z.infer<typeof sportSchema>;

export const getSports = defineEndpoint({
  method: 'POST',
  path: 'sport/getSports',
  auth: 'public',
  request: z.strictObject({}),
  data: z.array(sportSchema),
});

/** Ids arrive as numbers or as the digits of one (the spec's site sends either). */
const idField = z.union([z.number().int(), z.string().regex(/^-?\d{1,15}$/, 'must be a whole number')]).transform(Number);

export const seriesSchema = z.object({ series_id: z.number().int(), name: z.string() });
export type Series = z.infer<typeof seriesSchema>;

/** `series/getSeries`: the active series of an active sport that hold matches to show. */
export const getSeries = defineEndpoint({
  method: 'POST',
  path: 'series/getSeries',
  auth: 'public',
  request: z.strictObject({ sport_id: idField, is_active: z.enum(['0', '1']).optional() }),
  data: z.array(seriesSchema),
});

export const priceSchema = z.object({ odds: z.number(), size: z.number() });
export type Price = z.infer<typeof priceSchema>;

/**
 * Why a market or fancy line is CLOSED while the feed still offers it: its result is declared
 * (by the feed or an operator) or it is void. Absent otherwise (docs/sports.md "Market states").
 */
export const closedBySchema = z.enum(['result', 'void']);
export type ClosedBy = z.infer<typeof closedBySchema>;

/** Where a runner finished a race (1 = the winner). */
export const placingSchema = z.object({ position: z.number().int(), selection_id: z.number().int(), name: z.string() });
export type Placing = z.infer<typeof placingSchema>;

/** A match row's match-odds prices (a race's Win market): the best back and lay of each runner. */
export const rowOddsSchema = z.object({
  market_id: z.string(),
  status: z.enum(['OPEN', 'SUSPENDED', 'CLOSED']),
  closed_by: closedBySchema.optional(),
  runners: z.array(
    z.object({ selection_id: z.number().int(), name: z.string(), back: priceSchema.nullable(), lay: priceSchema.nullable() }),
  ),
});

export const matchRowSchema = z.object({
  match_id: z.number().int(),
  name: z.string(),
  match_name: z.string(),
  series_id: z.number().int(),
  series_name: z.string(),
  sport_id: z.number().int(),
  /** ISO 8601, UTC. */
  start_time: z.string(),
  in_play: z.boolean(),
  match_odds: rowOddsSchema.nullable(),
  /** A race that has finished (race sports list the day's results too): its first placings. */
  placings: z.array(placingSchema).optional(),
});
export type MatchRow = z.infer<typeof matchRowSchema>;

/** `match/getMatches`: the sport's (or one series') matches still to finish, in-play first. */
export const getMatches = defineEndpoint({
  method: 'POST',
  path: 'match/getMatches',
  auth: 'public',
  request: z.strictObject({
    sport_id: idField,
    is_active: z.enum(['0', '1']).optional(),
    series_id: idField.optional(),
  }),
  data: z.array(matchRowSchema),
});

export const MATCH_SEARCH_LIMIT = 20;

/** `match/searchByMatchNameHeader`: the header search, at most 20 matches by name. */
export const searchByMatchNameHeader = defineEndpoint({
  method: 'POST',
  path: 'match/searchByMatchNameHeader',
  auth: 'public',
  request: z.strictObject({ search: z.string().trim().min(1, 'search is required').max(100) }),
  data: z.array(matchRowSchema),
});

/** The live page and the sidebar's live counts: every in-play match of an active sport. */
export const getLiveMatches = defineEndpoint({
  method: 'POST',
  path: 'match/getLiveMatches',
  auth: 'public',
  request: z.strictObject({}),
  data: z.array(matchRowSchema),
});

/** The upcoming page: matches of active sports still to start, soonest first. */
export const getUpcomingMatches = defineEndpoint({
  method: 'POST',
  path: 'match/getUpcomingMatches',
  auth: 'public',
  request: z.strictObject({}),
  data: z.array(matchRowSchema),
});
