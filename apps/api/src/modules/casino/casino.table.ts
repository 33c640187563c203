import type { Generated } from 'kysely';

export const GAME_CATEGORIES = ['slot', 'Live-Casino', 'table-game', 'super-game', 'virtual-game', 'SN'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export interface CasinoProvidersTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** PEM (SPKI) RSA public key that verifies the provider's wallet calls. */
  public_key: string;
  /** Launch address template with {game_code}, {token} and {lang}. */
  launch_url: string;
  is_enabled: Generated<number>;
  created_at: number;
  /** Lobby order, lowest first (migration 0161). */
  sort_order: Generated<number>;
}

export interface CasinoGamesTable {
  id: Generated<number>;
  provider_id: number;
  code: string;
  name: string;
  category: GameCategory;
  is_enabled: Generated<number>;
  created_at: number;
  /** Lobby order, lowest first; marked popular by an operator; stated RTP in basis points (migration 0161). */
  sort_order: Generated<number>;
  is_popular: Generated<number>;
  stated_rtp_bp: Generated<number | null>;
}

export interface CasinoGameSessionsTable {
  token_hash: string;
  user_id: number;
  provider_id: number;
  game_id: number | null;
  /** The site session that launched it (null before migration 0170): the game session ends with it. */
  session_id: number | null;
  currency: string;
  created_at: number;
  expires_at: number;
}

export type CasinoTransactionKind = 'bet' | 'win' | 'rollback';

export interface CasinoTransactionsTable {
  id: Generated<number>;
  provider_id: number;
  transaction_uuid: string;
  kind: CasinoTransactionKind;
  user_id: number;
  round: string;
  game_code: string;
  reference_transaction_uuid: string | null;
  amount: number;
  from_cash: Generated<number>;
  from_bonus: Generated<number>;
  request_hash: string;
  response: string;
  ledger_transaction_id: number | null;
  created_at: number;
}

export interface CasinoRoundsTable {
  id: Generated<number>;
  provider_id: number;
  round: string;
  user_id: number;
  game_code: string;
  stake: Generated<number>;
  win: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CasinoFavouritesTable {
  user_id: number;
  game_id: number;
  created_at: number;
}

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    casino_providers: CasinoProvidersTable;
    casino_games: CasinoGamesTable;
    casino_game_sessions: CasinoGameSessionsTable;
    casino_transactions: CasinoTransactionsTable;
    casino_rounds: CasinoRoundsTable;
    casino_favourites: CasinoFavouritesTable;
  }
}
