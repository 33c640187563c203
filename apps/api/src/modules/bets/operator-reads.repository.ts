import type { Db } from '../../db/database';
import { dayOf, pageOf, type ReportWindow } from '../../db/report-sql';

/**
 * The reads the operator console asks of the bets module (docs/console.md): a player's bets, the
 * results per day, the open bets and what they hold, a target's totals and its settlement.
 */

/** A page of a player's bets placed in a window, newest first. */
export async function pagePlayerBets(db: Db, userId: number, window: ReportWindow, limit: number, offset: number) {
  const base = () =>
    db.selectFrom('bets').where('user_id', '=', userId).where('placed_at', '>=', window.from).where('placed_at', '<', window.to);
  return pageOf(base, (query) => query.selectAll().orderBy('bet_id', 'desc').limit(limit).offset(offset).execute());
}

/** Per day and kind from `from`: the decided bets' stakes (turnover) and the players' profit or loss (paise). */
export async function dailyBetResults(db: Db, from: number) {
  return db
    .selectFrom('bets')
    .select([
      dayOf('settled_at').as('day'),
      'kind',
      (eb) => eb.fn.sum<number>('stake').as('turnover'),
      (eb) => eb.fn.sum<number>('profit_loss').as('player_pl'),
    ])
    .where('settled_at', '>=', from)
    .where('status', '<>', 'open')
    .where('status', '<>', 'void')
    .groupBy([dayOf('settled_at'), 'kind'])
    .execute();
}

/** The open bets of one match or of some, as exposure needs them. */
export async function openBetsOf(db: Db, filter: { matchId?: number | undefined; matchIds?: number[] }) {
  let query = db
    .selectFrom('bets')
    .select([
      'match_id',
      'match_name',
      'market_id',
      'fancy_id',
      'market_name',
      'kind',
      'selection_id',
      'is_back',
      'stake',
      'liability',
      'possible_win',
    ])
    .where('status', '=', 'open');
  if (filter.matchId !== undefined) query = query.where('match_id', '=', filter.matchId);
  if (filter.matchIds !== undefined) {
    if (filter.matchIds.length === 0) return [];
    query = query.where('match_id', 'in', filter.matchIds);
  }
  return query.execute();
}

/**
 * What open bets put at stake on each match (their liabilities, paise), the matches with open bets
 * only: one pass over the open bets (bets_open_by_match_idx, migration 0220).
 */
export async function openLiabilityByMatch(db: Db): Promise<{ matchId: number; held: number }[]> {
  const rows = await db
    .selectFrom('bets')
    .select(['match_id', (eb) => eb.fn.sum<number>('liability').as('held')])
    .where('status', '=', 'open')
    .groupBy('match_id')
    .execute();
  return rows.map((row) => ({ matchId: Number(row.match_id), held: Number(row.held ?? 0) }));
}

/** The bets of one market or fancy line (`M:id` / `F:id`) by status: how many, their stakes, liabilities and P/L (paise). */
export async function betTotalsOf(db: Db, target: string) {
  const [byStatus, players] = await Promise.all([
    db
      .selectFrom('bets')
      .select([
        'status',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('stake').as('stake'),
        (eb) => eb.fn.sum<number>('liability').as('liability'),
        (eb) => eb.fn.sum<number>('profit_loss').as('profit_loss'),
      ])
      .where('target', '=', target)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('bets')
      .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
      .where('target', '=', target)
      .executeTakeFirstOrThrow(),
  ]);
  return { byStatus, players: Number(players.n) };
}

/** The standing (not reversed) settlements of these targets (`M:id` / `F:id`). */
export async function standingSettlementsOf(db: Db, targets: readonly string[]) {
  if (targets.length === 0) return [];
  return db
    .selectFrom('bet_settlements')
    .select(['target', 'outcome', 'winner_selection_id', 'winner_selection_ids', 'result_run', 'settlement_no'])
    .where('is_reversed', '=', 0)
    .where('target', 'in', [...targets])
    .execute();
}
