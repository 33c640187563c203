import type { PostingKind } from '@app/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** 'real' money, or 'play' money for demo accounts; a transaction never mixes the two. */
export type Book = 'real' | 'play';

/** A player's accounts. */
export type UserAccountKind = 'cash' | 'exposure' | 'split_bonus' | 'wager_bonus' | 'bonus_exposure';
/**
 * The system's accounts: unbounded, their balance is the sum of their entries. `withdrawals_pending`
 * holds the money of withdrawals waiting for the operator or the payout (docs/payments.md).
 */
export type SystemAccountKind = 'house' | 'payment_gateway' | 'game_provider' | 'withdrawals_pending';
export type AccountKind = UserAccountKind | SystemAccountKind;

export interface LedgerAccountsTable {
  id: Generated<number>;
  account_key: string;
  owner_user_id: number | null;
  kind: AccountKind;
  book: Book;
  /** Stored for players' accounts (never below zero); null for system accounts. */
  balance: number | null;
  created_at: number;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  /** One of the closed list (the database refuses any other: ledger_posting_kinds). */
  kind: PostingKind;
  reference: string;
  book: Book;
  user_id: number | null;
  session_id: string | null;
  /** What a person wrote about it (an operator's reason); the reference is the machine's key. */
  note: string | null;
  /** The transaction this one reverses (each is reversed at most once: unique). */
  reverses_transaction_id: number | null;
  /** What it belongs to: 'market:1.234', 'fancy:77', 'casino:{provider}:{round}', or null. */
  subject: string | null;
  created_at: number;
  /** The operator who made it (docs/operators.md), or null for players, jobs and feeds. */
  operator_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The closed list of posting kinds, as the database knows it (a migration adds each new kind). */
export interface LedgerPostingKindsTable {
  kind: string;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  book: Book;
  /** Signed paise; positive raises the balance. */
  amount: number;
  /** The account's balance right after this entry; null for system accounts. */
  balance_after: number | null;
  created_at: number;
}

export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;

/** A clean audit's high-water mark: `ledger verify --incremental` checks only what came after. */
export interface LedgerCheckpointsTable {
  id: Generated<number>;
  last_transaction_id: number;
  last_entry_id: number;
  created_at: number;
}

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    ledger_accounts: LedgerAccountsTable;
    ledger_transactions: LedgerTransactionsTable;
    ledger_entries: LedgerEntriesTable;
    ledger_checkpoints: LedgerCheckpointsTable;
    ledger_posting_kinds: LedgerPostingKindsTable;
  }
}
