import type { Db } from '../../db/database';
import { numberSentinel, reusableQuery, textSentinel } from '../../db/reusable-query';

/*
 * The markets' rows other modules look up by key (the bets module: settlement, cash out, the CLI and
 * the console's settlement preview), compiled once (see reusableQuery), and the sets they filter by.
 */

const selectRunners = reusableQuery(
  (db: Db, marketId: string) =>
    db.selectFrom('market_runners').select(['selection_id', 'name']).where('market_id', '=', marketId).orderBy('sort_order'),
  [textSentinel(0)] as const,
);

export async function listRunners(db: Db, marketId: string): Promise<{ selection_id: number; name: string }[]> {
  const rows = await selectRunners(db, marketId);
  return rows.map((row) => ({ selection_id: Number(row.selection_id), name: row.name }));
}

const selectMatchSummary = reusableQuery(
  (db: Db, matchId: number) =>
    db.selectFrom('matches').select(['match_id', 'sport_id', 'name', 'finished_at']).where('match_id', '=', matchId),
  [numberSentinel(0)] as const,
);

export async function findMatchSummary(db: Db, matchId: number) {
  const [row] = await selectMatchSummary(db, matchId);
  return row;
}

export async function findFancySummary(db: Db, fancyId: number) {
  return db.selectFrom('fancies').select(['fancy_id', 'match_id', 'name']).where('fancy_id', '=', fancyId).executeTakeFirst();
}

const selectMarketSummary = reusableQuery(
  (db: Db, marketId: string) =>
    db
      .selectFrom('markets')
      .select(['market_id', 'match_id', 'name', 'market_type', 'number_of_winners'])
      .where('market_id', '=', marketId),
  [textSentinel(0)] as const,
);

export async function findMarketSummary(db: Db, marketId: string) {
  const [row] = await selectMarketSummary(db, marketId);
  return row;
}

const selectFeedResult = reusableQuery(
  (db: Db, target: string) => db.selectFrom('feed_results').selectAll().where('target', '=', target),
  [textSentinel(0)] as const,
);

export async function findFeedResult(db: Db, target: string) {
  const [row] = await selectFeedResult(db, target);
  return row;
}

/** Targets ('M:1.23', 'F:7') with a declared result, and when: for a query of another module to select from. */
export function declaredResults(db: Db) {
  return db.selectFrom('feed_results').select(['target', 'decided_at']);
}

/** Ids of the markets with one winner (match odds, bookmaker; not a Place market): for an `in` filter. */
export function singleWinnerMarketIds(db: Db) {
  return db.selectFrom('markets').select('market_id').where('number_of_winners', '=', 1);
}
