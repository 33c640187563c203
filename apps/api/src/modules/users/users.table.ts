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
}

export type UserRow = Selectable<UsersTable>;

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    users: UsersTable;
  }
}
