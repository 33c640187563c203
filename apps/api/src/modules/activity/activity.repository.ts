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
