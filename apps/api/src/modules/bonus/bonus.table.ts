import type { Generated, Selectable } from 'kysely';

export type BonusStatus = 'active' | 'completed' | 'expired';
export type BonusEventKind = 'grant' | 'release' | 'expiry';

export interface BonusesTable {
  id: Generated<number>;
  user_id: number;
  wallet: 'split' | 'wager';
  reason: string;
  granted_amount: number;
  /** Settled turnover needed to release a wager bonus; 0 for split. */
  wagering_requirement: number;
  /** Split: share of the remainder released per step, in basis points. */
  release_share_bp: number;
  /** Settled turnover counted towards this bonus. */
  turnover: Generated<number>;
  /** Split: how many shares have been released. */
  release_steps: Generated<number>;
  released_amount: Generated<number>;
  expired_amount: Generated<number>;
  remaining_amount: number;
  status: BonusStatus;
  created_at: number;
  expires_at: number;
  closed_at: number | null;
}

export interface BonusEventsTable {
  id: Generated<number>;
  bonus_id: number;
  user_id: number;
  kind: BonusEventKind;
  wallet: 'split' | 'wager';
  amount: number;
  transaction_id: number | null;
  created_at: number;
}

export type BonusRow = Selectable<BonusesTable>;
export type BonusEventRow = Selectable<BonusEventsTable>;

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    bonuses: BonusesTable;
    bonus_events: BonusEventsTable;
  }
}
