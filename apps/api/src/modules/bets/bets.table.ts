import type { Generated, Selectable } from 'kysely';

export type BetKind = 'match_odds' | 'bookmaker' | 'fancy';
export type BetStatus = 'open' | 'won' | 'lost' | 'void';

/**
 * One bet. Amounts in paise; `odds` in hundredths (match odds), per 100 (bookmaker) or the fancy
 * size. `(user_id, reference)` is unique: the reference makes a placement once-only.
 */
export interface BetsTable {
  bet_id: Generated<number>;
  user_id: number;
  reference: string;
  /** 'M:{market_id}' or 'F:{fancy_id}': the market the bet nets and settles in. */
  target: string;
  kind: BetKind;
  sport_id: number;
  match_id: number;
  match_name: string;
  market_id: string | null;
  fancy_id: number | null;
  market_name: string;
  selection_id: number;
  selection_name: string;
  is_back: number;
  odds: number;
  run: number | null;
  stake: number;
  liability: number;
  possible_win: number;
  status: BetStatus;
  profit_loss: number | null;
  /** The settlement that decided it (the latest one after a re-settle). */
  settlement_id: number | null;
  placed_at: number;
  settled_at: number | null;
  /** 1: a leg of a cash out (docs/betting.md "Cash out"); 0 for a bet the player placed. */
  is_cash_out: Generated<number>;
  /** The price it was settled at when a non-runner's reduction factor lowered it (docs/betting.md "Non-runners"). */
  settled_odds: number | null;
}
export type BetRecord = Selectable<BetsTable>;

export type SettlementOutcome = 'winner' | 'void' | 'run';

/**
 * One settlement of one market. `(target, settlement_no)` is unique: two settlers of the same
 * market cannot both write number 1. A re-settle writes the next number and marks the earlier
 * one reversed.
 */
export interface BetSettlementsTable {
  id: Generated<number>;
  target: string;
  settlement_no: number;
  outcome: SettlementOutcome;
  winner_selection_id: number | null;
  result_run: number | null;
  /** A market paying several runners (Place): every winner, comma-separated (outcome 'winner'). */
  winner_selection_ids: string | null;
  /** 'feed' or 'operator'. */
  source: string;
  /** Why an operator wrote it (a correction's reason, docs/betting.md "Corrections"); null from the feed. */
  reason: string | null;
  is_reversed: number;
  created_at: number;
}

/** The profit-and-loss posting a settlement made for one player (a re-settle reverses it). */
export interface BetSettlementPostingsTable {
  settlement_id: number;
  user_id: number;
  /** Null when the player's profit and loss was 0 (nothing posted). */
  transaction_id: number | null;
  profit_loss: number;
  /** Settled stakes (turnover) of the player's non-void bets. */
  turnover: number;
}

/**
 * A player's running position in one market target (docs/betting.md, "Running position"): the
 * sum of every bet they placed there, added to in each bet's transaction. `baseline` is the total
 * when no step is reached (packages/shared/src/domain/bets-position.ts).
 */
export interface BetPositionsTable {
  user_id: number;
  target: string;
  baseline: number;
  updated_at: number;
}

/** One step of a position: a runner (its selection id) or a rung of a fancy run ladder (the run). */
export interface BetPositionStepsTable {
  user_id: number;
  target: string;
  step_key: number;
  amount: number;
}

// Each module adds its own tables to the database type (declaration merging), so db/ imports no module.
declare module '../../db/schema' {
  interface Database {
    bets: BetsTable;
    bet_settlements: BetSettlementsTable;
    bet_settlement_postings: BetSettlementPostingsTable;
    bet_positions: BetPositionsTable;
    bet_position_steps: BetPositionStepsTable;
  }
}
