import type { Generated } from 'kysely';

export interface LiveTableRoundsTable {
  id: Generated<number>;
  table_code: string;
  round_number: number;
  server_seed: string;
  server_seed_hash: string;
  opened_at: number;
  betting_ends_at: number;
  next_round_at: number;
  status: 'betting' | 'result';
  /** JSON of the game's outcome, once drawn. */
  outcome: string | null;
  /** JSON list of the spots that won something (stake back included). */
  winning_spots: string | null;
  result_label: string | null;
  closed_at: number | null;
  /** The round chain and position its seed comes from (null: rounds before chains, each seed drawn alone). */
  chain_id: number | null;
  chain_position: number | null;
  /** The chain's salt; null for rounds before chains, whose client seed was the table's code. */
  client_seed: string | null;
}

export interface LiveTableBetsTable {
  id: Generated<number>;
  table_code: string;
  round_number: number;
  player: string;
  token: string;
  spot: string;
  stake: number;
  status: 'placing' | 'open' | 'settled';
  payout: number | null;
  created_at: number;
  settled_at: number | null;
}

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    live_table_rounds: LiveTableRoundsTable;
    live_table_bets: LiveTableBetsTable;
  }
}
