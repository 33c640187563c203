export interface WalletStatusTable {
  user_id: number;
  /** 0 none, 1 split, 2 wager. */
  active_wallet: number;
  updated_at: number;
}
