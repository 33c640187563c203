import type { Db } from '../../db/database';
import { dayOf, pageOf, type ReportWindow } from '../../db/report-sql';

/** The reads the operator console asks of the casino module (docs/console.md). */

/** A page of a player's rounds in a window, newest first, with the game's and provider's names. */
export async function pagePlayerRounds(db: Db, userId: number, window: ReportWindow, limit: number, offset: number) {
  const base = () =>
    db
      .selectFrom('casino_rounds as r')
      .where('r.user_id', '=', userId)
      .where('r.created_at', '>=', window.from)
      .where('r.created_at', '<', window.to);
  return pageOf(base, (query) =>
    query
      .innerJoin('casino_providers as p', 'p.id', 'r.provider_id')
      .leftJoin('casino_games as g', (join) =>
        join.onRef('g.code', '=', 'r.game_code').onRef('g.provider_id', '=', 'r.provider_id'),
      )
      .select([
        'r.round',
        'r.created_at',
        'r.game_code',
        'g.name as game_name',
        'p.name as provider',
        'r.stake',
        'r.win',
        'r.updated_at',
      ])
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}

/** Per day from `from`: what rounds staked and paid out (paise). */
export async function dailyCasinoPlay(db: Db, from: number) {
  return db
    .selectFrom('casino_rounds')
    .select([
      dayOf('created_at').as('day'),
      (eb) => eb.fn.sum<number>('stake').as('turnover'),
      (eb) => eb.fn.sum<number>('win').as('payouts'),
    ])
    .where('created_at', '>=', from)
    .groupBy(dayOf('created_at'))
    .execute();
}
