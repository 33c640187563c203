import type { Generated, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  user_name: string;
  user_name_key: string;
  password_hash: string;
  user_type_id: number;
  /** -1 marks a sub account (docs/product.md §3). */
  parent_id: number | null;
  mobile: string | null;
  email: string | null;
  is_signup_user: Generated<number>;
  is_change_password: Generated<number>;
  is_demo: Generated<number>;
  is_disabled: Generated<number>;
  created_at: number;
  /** The user's one live session (0002-accounts). */
  current_session_id: number | null;
  /** The customer who referred this player at sign-up. */
  referred_by: number | null;
  /** When the player confirmed at sign-up being 18 or older and the terms; null: not confirmed then (0200). */
  age_terms_confirmed_at?: number | null;
  /** The terms they accepted (`TERMS_VERSION` at the time). */
  terms_version?: string | null;
}

export type UserRow = Selectable<UsersTable>;

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    users: UsersTable;
  }
}
