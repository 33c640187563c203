import type { Db } from '../../db/database';
import type { StakeButtonsTable } from './buttons.table';

export async function listButtons(db: Db, userId: number): Promise<StakeButtonsTable[]> {
  return db.selectFrom('stake_buttons').selectAll().where('user_id', '=', userId).orderBy('type').orderBy('position').execute();
}

/**
 * Replaces the player's buttons of each type in `buttons` (positions from 0). The caller owns the
 * transaction. Written as an upsert, then a delete of the positions past the new list: parallel
 * saves of one player wait for each other on the rows they share (taken in one order: type, then
 * position), where a delete-then-insert let two of them insert the same key (a 500 on PostgreSQL).
 */
export async function replaceButtons(db: Db, userId: number, types: StakeButtonsTable['type'][], buttons: StakeButtonsTable[]) {
  const ordered = [...buttons].sort((a, b) => (a.type === b.type ? a.position - b.position : a.type < b.type ? -1 : 1));
  if (ordered.length > 0) {
    await db
      .insertInto('stake_buttons')
      .values(ordered)
      .onConflict((oc) =>
        oc.columns(['user_id', 'type', 'position']).doUpdateSet((eb) => ({
          button_name: eb.ref('excluded.button_name'),
          value_paise: eb.ref('excluded.value_paise'),
        })),
      )
      .execute();
  }
  for (const type of [...types].sort()) {
    const count = ordered.filter((button) => button.type === type).length;
    await db
      .deleteFrom('stake_buttons')
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('position', '>=', count)
      .execute();
  }
}
