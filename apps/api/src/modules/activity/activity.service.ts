import { ACTIVITY_PAGE_SIZE, type ActivityEvent, type ActivityLogRow } from '@app/shared';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { ClientInfo } from '../sessions';
import { insertActivity, listUserActivity } from './activity.repository';

export interface ActivityPage {
  rows: ActivityLogRow[];
  page: number;
  page_size: number;
  total: number;
}

/** Writes one activity row (inside the caller's transaction when there is one). */
export async function recordActivity(
  db: Db,
  clock: Clock,
  entry: { userId: number | null; event: ActivityEvent; client: ClientInfo },
): Promise<void> {
  await insertActivity(db, {
    user_id: entry.userId,
    event: entry.event,
    ip: entry.client.ip,
    user_agent: entry.client.userAgent,
    created_at: clock.now(),
  });
}

/** The user's own activity in [from, to), newest first. */
export async function listActivity(
  db: Db,
  userId: number,
  query: { from: number; to: number; page: number },
): Promise<ActivityPage> {
  const { rows, total } = await listUserActivity(db, userId, query, {
    limit: ACTIVITY_PAGE_SIZE,
    offset: (query.page - 1) * ACTIVITY_PAGE_SIZE,
  });
  return {
    rows: rows.map((row) => ({
      id: row.id,
      event: row.event,
      created_at: new Date(row.created_at).toISOString(),
      ip: row.ip,
      device: row.user_agent,
    })),
    page: query.page,
    page_size: ACTIVITY_PAGE_SIZE,
    total,
  };
}
