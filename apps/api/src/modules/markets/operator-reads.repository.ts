import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { likePattern, pageOf } from '../../db/report-sql';

/**
 * The reads the operator console asks of the markets module (docs/console.md): the fixture list,
 * a fixture's markets, runners and decisions, and the names of markets and fancy lines.
 */

/** The weight of each fixture in the list's order: what its open bets hold (the bets module says). */
export interface FixtureWeight {
  matchId: number;
  held: number;
}

/**
 * The weights as a table to join: `(values (id, held), …)`, typed for PostgreSQL (a bare
 * parameter in VALUES is text there). VALUES names its columns column1, column2 on both databases;
 * no weight: an empty table.
 */
function weightTable(weights: readonly FixtureWeight[]) {
  if (weights.length === 0) {
    return sql<{
      match_id: number;
      held: number;
    }>`(select cast(null as bigint) as match_id, cast(null as bigint) as held where 1 = 0)`;
  }
  const rows = weights.map((weight) => sql`(cast(${weight.matchId} as bigint), cast(${Math.trunc(weight.held)} as bigint))`);
  return sql<{
    match_id: number;
    held: number;
  }>`(select column1 as match_id, column2 as held from (values ${sql.join(rows)}) as v)`;
}

/**
 * Fixtures in the order a trader works them (docs/operators.md, "Sports"): in play first, those
 * holding the most in open bets at the top, then upcoming ones soonest first, then finished ones
 * latest first. `now` decides in play (started, not finished), as the status the list shows.
 */
export async function listFixturesForConsole(
  db: Db,
  filter: { sportId?: number | undefined; search?: string | undefined },
  weights: readonly FixtureWeight[],
  now: number,
  limit: number,
  offset: number,
) {
  const base = () => {
    let query = db.selectFrom('matches as m').innerJoin('series as s', 's.series_id', 'm.series_id');
    if (filter.sportId !== undefined) query = query.where('m.sport_id', '=', filter.sportId);
    if (filter.search) query = query.where(sql<boolean>`lower(m.name) like ${likePattern(filter.search)} escape '\\'`);
    return query;
  };
  const columns = [
    'm.match_id',
    'm.sport_id',
    'm.name',
    'm.start_time',
    'm.finished_at',
    'm.is_active',
    's.name as series_name',
  ] as const;
  return pageOf(base, (query) =>
    query
      .leftJoin(weightTable(weights.filter((weight) => weight.held !== 0)).as('o'), 'o.match_id', 'm.match_id')
      .select(columns)
      .orderBy(sql`case when m.finished_at is not null then 2 when m.start_time <= ${now} then 0 else 1 end`)
      .orderBy(sql`coalesce(o.held, 0)`, 'desc')
      .orderBy(sql`case when m.finished_at is null then m.start_time else 0 - m.start_time end`)
      // A stable order, so pages neither repeat nor skip a fixture.
      .orderBy('m.match_id')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}

/** A fixture with its markets, runners, fancy lines, the operator's suspensions and the feed's results. */
export async function fixtureDetail(db: Db, matchId: number) {
  const match = await db.selectFrom('matches').select(['match_id', 'name']).where('match_id', '=', matchId).executeTakeFirst();
  if (!match) return undefined;
  const [markets, runners, fancies, suspensions, results] = await Promise.all([
    db.selectFrom('markets').selectAll().where('match_id', '=', matchId).orderBy('sort_order').execute(),
    db
      .selectFrom('market_runners as r')
      .innerJoin('markets as m', 'm.market_id', 'r.market_id')
      .select(['r.market_id', 'r.selection_id', 'r.name', 'r.sort_order'])
      .where('m.match_id', '=', matchId)
      .orderBy('r.sort_order')
      .execute(),
    db.selectFrom('fancies').selectAll().where('match_id', '=', matchId).orderBy('sort_order').execute(),
    db.selectFrom('feed_suspensions').select('target').where('match_id', '=', matchId).execute(),
    db.selectFrom('feed_results').selectAll().where('match_id', '=', matchId).execute(),
  ]);
  return { match, markets, runners, fancies, suspensions, results };
}

/** The runners of these markets. */
export async function runnersOf(db: Db, marketIds: readonly string[]) {
  if (marketIds.length === 0) return [];
  return db
    .selectFrom('market_runners')
    .select(['market_id', 'selection_id', 'name'])
    .where('market_id', 'in', [...marketIds])
    .execute();
}

/** The names of these markets and fancy lines, with their match's. */
export async function marketNames(db: Db, marketIds: readonly string[], fancyIds: readonly number[]) {
  const [markets, fancies] = await Promise.all([
    marketIds.length
      ? db
          .selectFrom('markets as m')
          .innerJoin('matches as x', 'x.match_id', 'm.match_id')
          .select(['m.market_id', 'm.name', 'm.market_type', 'x.name as match_name', 'x.match_id'])
          .where('m.market_id', 'in', [...marketIds])
          .execute()
      : [],
    fancyIds.length
      ? db
          .selectFrom('fancies as f')
          .innerJoin('matches as x', 'x.match_id', 'f.match_id')
          .select(['f.fancy_id', 'f.name', 'x.name as match_name', 'x.match_id'])
          .where('f.fancy_id', 'in', [...fancyIds])
          .execute()
      : [],
  ]);
  return { markets, fancies };
}
