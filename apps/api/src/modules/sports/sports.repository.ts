import { SPORTS } from '@app/shared';
import type { Db } from '../../db/database';
import type { SportsTable } from './sports.table';

export async function listSports(db: Db): Promise<SportsTable[]> {
  return db.selectFrom('sports').selectAll().orderBy('sort_order').execute();
}

export async function insertMissingSports(db: Db): Promise<void> {
  const rows = SPORTS.map((sport, index) => ({ sport_id: sport.sportId, name: sport.name, is_active: 1, sort_order: index }));
  await db
    .insertInto('sports')
    .values(rows)
    .onConflict((oc) => oc.column('sport_id').doNothing())
    .execute();
}

export async function updateSportActive(db: Db, sportId: number, isActive: boolean): Promise<number> {
  const result = await db
    .updateTable('sports')
    .set({ is_active: isActive ? 1 : 0 })
    .where('sport_id', '=', sportId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The ids of the sports customers may see, as a subquery for another module's statement (the
 * markets module's lists filter on it): their statement stays one, and only this module names its
 * table (docs/adr/0008, "One owner per table").
 */
export function activeSportIds(db: Db) {
  return db.selectFrom('sports').select('sports.sport_id').where('sports.is_active', '=', 1);
}
