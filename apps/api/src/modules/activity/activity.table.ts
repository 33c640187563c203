import type { ActivityEvent } from '@app/shared';
import type { Generated, Selectable } from 'kysely';

export interface ActivityLogTable {
  id: Generated<number>;
  user_id: number | null;
  event: ActivityEvent;
  ip: string;
  user_agent: string;
  created_at: number;
}

export type ActivityLogRecord = Selectable<ActivityLogTable>;

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    activity_log: ActivityLogTable;
  }
}
