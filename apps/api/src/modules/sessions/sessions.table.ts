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
}

export type SessionRow = Selectable<SessionsTable>;
