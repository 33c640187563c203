import type { Db } from '../../db/database';
import type { StakeButtonsTable } from './buttons.table';

export async function listButtons(db: Db, userId: number): Promise<StakeButtonsTable[]> {
  return db.selectFrom('stake_buttons').selectAll().where('user_id', '=', userId).orderBy('type').orderBy('position').execute();
}

/** Replaces the player's buttons of the given types with `buttons`. The caller owns the transaction. */
export async function replaceButtons(db: Db, userId: number, types: string[], buttons: StakeButtonsTable[]): Promise<void> {
  await db
    .deleteFrom('stake_buttons')
    .where('user_id', '=', userId)
    .where('type', 'in', types as StakeButtonsTable['type'][])
    .execute();
  if (buttons.length > 0) await db.insertInto('stake_buttons').values(buttons).execute();
}
