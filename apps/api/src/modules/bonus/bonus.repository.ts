import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { BonusEventsTable, BonusesTable, BonusEventRow, BonusRow } from './bonus.table';

export async function insertBonus(db: Db, row: Insertable<BonusesTable>): Promise<number> {
  const inserted = await db.insertInto('bonuses').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertBonusEvent(db: Db, row: Insertable<BonusEventsTable>): Promise<void> {
  await db.insertInto('bonus_events').values(row).execute();
}

export async function updateBonus(db: Db, id: number, changes: Updateable<BonusesTable>): Promise<void> {
  await db.updateTable('bonuses').set(changes).where('id', '=', id).execute();
}

/** A player's active bonuses in one wallet, oldest first (the order they are worked off). */
export async function listActiveBonuses(db: Db, userId: number, wallet?: 'split' | 'wager'): Promise<BonusRow[]> {
  let query = db.selectFrom('bonuses').selectAll().where('user_id', '=', userId).where('status', '=', 'active');
  if (wallet) query = query.where('wallet', '=', wallet);
  return query.orderBy('id').execute();
}

export async function findBonus(db: Db, id: number): Promise<BonusRow | undefined> {
  return db.selectFrom('bonuses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Active bonuses past their expiry time, oldest first. */
/** Due bonuses after `afterId`, by id: a page that skips some rows never hides the ones behind them. */
export async function listDueBonuses(
  db: Db,
  now: number,
  afterId: number,
  limit: number,
): Promise<{ id: number; user_id: number }[]> {
  return db
    .selectFrom('bonuses')
    .select(['id', 'user_id'])
    .where('status', '=', 'active')
    .where('expires_at', '<=', now)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface Window {
  startMs: number;
  endMs: number;
}

export async function pageBonusEvents(
  db: Db,
  userId: number,
  window: Window,
  offset: number,
  limit: number,
): Promise<BonusEventRow[]> {
  return db
    .selectFrom('bonus_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('created_at', '>=', window.startMs)
    .where('created_at', '<', window.endMs)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function totalBonusEvents(db: Db, userId: number, window: Window) {
  const rows = await db
    .selectFrom('bonus_events')
    .select(['kind'])
    .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('amount').as('amount')])
    .where('user_id', '=', userId)
    .where('created_at', '>=', window.startMs)
    .where('created_at', '<', window.endMs)
    .groupBy('kind')
    .execute();
  return rows.map((row) => ({ kind: row.kind, rows: Number(row.rows), amount: Number(row.amount ?? 0) }));
}

export async function pageUserBonuses(
  db: Db,
  userId: number,
  window: Window,
  offset: number,
  limit: number,
): Promise<BonusRow[]> {
  return db
    .selectFrom('bonuses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('created_at', '>=', window.startMs)
    .where('created_at', '<', window.endMs)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function totalUserBonuses(db: Db, userId: number, window: Window) {
  const row = await db
    .selectFrom('bonuses')
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      eb.fn.sum<number>('granted_amount').as('granted'),
      eb.fn.sum<number>('released_amount').as('released'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', window.startMs)
    .where('created_at', '<', window.endMs)
    .executeTakeFirstOrThrow();
  const active = await db
    .selectFrom('bonuses')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('created_at', '>=', window.startMs)
    .where('created_at', '<', window.endMs)
    .execute();
  return {
    rows: Number(row.rows),
    granted: Number(row.granted ?? 0),
    released: Number(row.released ?? 0),
    activeIds: new Set(active.map((bonus) => Number(bonus.id))),
  };
}
