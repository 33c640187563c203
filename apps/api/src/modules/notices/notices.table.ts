import type { Generated, Selectable } from 'kysely';
import type { NoticeKind } from '@app/shared';

/** A notice to a player (docs/accounts.md "Notices"). */
export interface PlayerNoticesTable {
  id: Generated<number>;
  user_id: number;
  kind: NoticeKind;
  /** The withdrawal a notice is about, and its amount in paise. */
  withdraw_id: number | null;
  amount: number | null;
  /** The operator's or the gateway's reason, as they gave it. */
  reason: string | null;
  created_at: number;
  /** When the player saw it in the list's panel; null: unread. */
  read_at: number | null;
}

export type PlayerNoticeRow = Selectable<PlayerNoticesTable>;

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    player_notices: PlayerNoticesTable;
  }
}
