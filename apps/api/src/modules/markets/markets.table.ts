import type { Generated, Selectable } from 'kysely';

/** A competition from the feed; operators may hide it. */
export interface SeriesTable {
  series_id: Generated<number>;
  feed_key: string;
  sport_id: number;
  name: string;
  is_active: number;
  created_at: number;
}

/** A fixture from the feed. Prices are not stored: the feed computes them (docs/sports.md). */
export interface MatchesTable {
  match_id: Generated<number>;
  feed_key: string;
  series_id: number;
  sport_id: number;
  name: string;
  home: string;
  away: string;
  start_time: number;
  /** When the feed promises it is over at the latest. */
  end_by: number;
  /** Set once the feed reports it finished (and its results are stored). */
  finished_at: number | null;
  is_active: number;
  created_at: number;
}
export type MatchRecord = Selectable<MatchesTable>;

export interface MarketsTable {
  /** Betfair style for exchange markets ("1.{match}{nn}"), 9991{match} for the bookmaker. */
  market_id: string;
  match_id: number;
  market_key: string;
  market_type: string;
  name: string;
  sort_order: number;
  bet_delay_s: number;
  min_stake: number;
  max_stake: number;
  /** Runners that win together: 1, or a Place market's 2 or 3. */
  number_of_winners: Generated<number>;
}
export type MarketRecord = Selectable<MarketsTable>;

export interface MarketRunnersTable {
  market_id: string;
  selection_id: number;
  name: string;
  sort_order: number;
  /** Races only: saddle-cloth number (a greyhound's trap), jockey, form line. */
  cloth_number: number | null;
  jockey: string | null;
  form: string | null;
}

export interface FanciesTable {
  fancy_id: Generated<number>;
  match_id: number;
  fancy_key: string;
  name: string;
  sort_order: number;
  min_stake: number;
  max_stake: number;
}
export type FancyRecord = Selectable<FanciesTable>;

/** Operator suspensions: 'M:{market_id}' or 'F:{fancy_id}'. */
export interface FeedSuspensionsTable {
  target: string;
  match_id: number;
  set_at: number;
}

/** Results as the feed declared them, once: 'M:{market_id}' (winner) or 'F:{fancy_id}' (runs). */
export interface FeedResultsTable {
  target: string;
  match_id: number;
  winner_selection_id: number | null;
  result_runs: number | null;
  /** A market that pays several runners (Place): their ids in finishing order, comma-separated. */
  placed_selection_ids: string | null;
  decided_at: number;
}

/**
 * A runner withdrawn from a market (a non-runner), as the feed declared it with the result:
 * bets on it are void, and its reduction factor lowers the price of bets matched on the others
 * before `removed_at` (docs/betting.md "Non-runners").
 */
export interface FeedRunnerRemovalsTable {
  market_id: string;
  selection_id: number;
  /** Thousandths of a percent (7.14 % → 7140); 0 for a vacant trap. */
  factor_milli: number;
  removed_at: number;
}

/**
 * A read model of settled markets and fancy lines (docs/sports.md, "Market states"): the latest
 * settlement of each target, written by settlement through this module's face
 * (`recordSettledTarget`), so that a settled market closes in every view without this module
 * reading the bets module's tables.
 */
export interface SettledTargetsTable {
  /** 'M:<market_id>' or 'F:<fancy_id>'. */
  target: string;
  /** 1 when the latest settlement voided it. */
  is_void: number;
  settlement_no: number;
  settled_at: number;
}

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    series: SeriesTable;
    matches: MatchesTable;
    markets: MarketsTable;
    market_runners: MarketRunnersTable;
    fancies: FanciesTable;
    feed_suspensions: FeedSuspensionsTable;
    feed_results: FeedResultsTable;
    feed_runner_removals: FeedRunnerRemovalsTable;
    settled_targets: SettledTargetsTable;
  }
}
