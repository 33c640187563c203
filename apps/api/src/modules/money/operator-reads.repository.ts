import type { Db } from '../../db/database';

/** The money module's own reads for the operator console (docs/console.md). */

/** What is held for open bets, per market or fancy line (`market:id` / `fancy:id`), the most first (paise). */
export async function exposureByMarket(db: Db, limit: number) {
  return db
    .selectFrom('market_exposure')
    .select(['market_key', (eb) => eb.fn.sum<number>(eb('cash_held', '+', eb.ref('bonus_held'))).as('held')])
    .groupBy('market_key')
    .having((eb) => eb.fn.sum<number>(eb('cash_held', '+', eb.ref('bonus_held'))), '>', 0)
    .orderBy('held', 'desc')
    .limit(limit)
    .execute();
}
