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
