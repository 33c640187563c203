export interface WalletStatusTable {
  user_id: number;
  /** 0 none, 1 split, 2 wager. */
  active_wallet: number;
  updated_at: number;
}

/**
 * The exposure a player holds on one market, and where it came from: a release returns bonus
 * money to the bonus wallet and cash to cash. Changed only by the money verbs (money.service.ts).
 */
export interface MarketExposureTable {
  user_id: number;
  /** the subject of the hold: 'market:1.234' or 'fancy:77'. */
  market_key: string;
  cash_held: number;
  bonus_held: number;
  /** Counts adjustments; names each one's ledger transaction. */
  version: number;
  updated_at: number;
}

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    wallet_status: WalletStatusTable;
    market_exposure: MarketExposureTable;
  }
}
