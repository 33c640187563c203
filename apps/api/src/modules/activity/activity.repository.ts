import type { ActivityEvent } from '@app/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ActivityLogRecord, ActivityLogTable } from './activity.table';

export async function insertActivity(db: Db, row: Insertable<ActivityLogTable>): Promise<void> {
  await db.insertInto('activity_log').values(row).execute();
}

export async function listUserActivity(
  db: Db,
  userId: number,
  range: { from: number; to: number },
  page: { limit: number; offset: number },
): Promise<{ rows: ActivityLogRecord[]; total: number }> {
  const inRange = db
    .selectFrom('activity_log')
    .where('user_id', '=', userId)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to);
  const [rows, count] = await Promise.all([
    inRange.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    inRange.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function countEventsFromAddress(db: Db, ip: string, events: ActivityEvent[], since: number): Promise<number> {
  const row = await db
    .selectFrom('activity_log')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('ip', '=', ip)
    .where('event', 'in', events)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countUserEvents(db: Db, userId: number, events: ActivityEvent[], since: number): Promise<number> {
  const row = await db
    .selectFrom('activity_log')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('event', 'in', events)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** When the user last did one of these events (e.g. the last good login), or null. */
export async function lastUserEventAt(db: Db, userId: number, events: ActivityEvent[]): Promise<number | null> {
  const row = await db
    .selectFrom('activity_log')
    .select((eb) => eb.fn.max('created_at').as('last'))
    .where('user_id', '=', userId)
    .where('event', 'in', events)
    .executeTakeFirst();
  return row?.last == null ? null : Number(row.last);
}
