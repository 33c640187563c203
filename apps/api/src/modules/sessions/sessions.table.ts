import type { Generated, Selectable } from 'kysely';

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  last_seen_at: number;
  ended_at: number | null;
  end_reason: string | null;
  ip: string;
  user_agent: string;
  /** 1: started during a time-out or self-exclusion (docs/responsible-play.md). */
  restricted: Generated<number>;
  /** When the session's time limit ends it, or null. */
  limit_ends_at: number | null;
  /** When the player last answered the reality check (null: not yet; it counts from the start). */
  reality_checked_at: number | null;
}

export type SessionRow = Selectable<SessionsTable>;

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    sessions: SessionsTable;
  }
}
