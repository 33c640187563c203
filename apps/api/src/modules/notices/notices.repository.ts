import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { PlayerNoticeRow, PlayerNoticesTable } from './notices.table';

export async function insertNotice(db: Db, notice: Insertable<PlayerNoticesTable>): Promise<number> {
  const row = await db.insertInto('player_notices').values(notice).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findNotice(db: Db, id: number): Promise<PlayerNoticeRow | undefined> {
  return db.selectFrom('player_notices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listNotices(db: Db, userId: number, limit: number): Promise<PlayerNoticeRow[]> {
  return db.selectFrom('player_notices').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('player_notices')
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/** Marks the player's own notices read (`ids`, or all); another player's ids change nothing. */
export async function markRead(db: Db, userId: number, ids: readonly number[] | null, now: number): Promise<void> {
  let update = db.updateTable('player_notices').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) update = update.where('id', 'in', [...ids]);
  await update.execute();
}
