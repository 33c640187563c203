import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { FancyRecord, MarketRecord, MatchRecord } from './markets.table';

export type MatchListRecord = MatchRecord & { series_name: string };

export interface MatchBundle {
  match: MatchListRecord;
  markets: MarketRecord[];
  runners: { market_id: string; selection_id: number; name: string }[];
  fancies: FancyRecord[];
}

/** Matches a customer may see: active, in an active series of an active sport, not finished. */
function visibleMatches(db: Db) {
  return db
    .selectFrom('matches')
    .innerJoin('series', 'series.series_id', 'matches.series_id')
    .innerJoin('sports', 'sports.sport_id', 'matches.sport_id')
    .selectAll('matches')
    .select('series.name as series_name')
    .where('matches.is_active', '=', 1)
    .where('series.is_active', '=', 1)
    .where('sports.is_active', '=', 1)
    .where('matches.finished_at', 'is', null);
}

export async function listVisibleMatches(
  db: Db,
  filter: { sportId?: number; seriesId?: number; startsBefore: number; limit?: number },
): Promise<MatchListRecord[]> {
  let query = visibleMatches(db).where('matches.start_time', '<=', filter.startsBefore);
  if (filter.sportId !== undefined) query = query.where('matches.sport_id', '=', filter.sportId);
  if (filter.seriesId !== undefined) query = query.where('matches.series_id', '=', filter.seriesId);
  return query
    .orderBy('matches.start_time')
    .orderBy('matches.match_id')
    .limit(filter.limit ?? 500)
    .execute();
}

/** `%`, `_` and `\` in the search match themselves. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function searchVisibleMatches(db: Db, search: string, limit: number): Promise<MatchListRecord[]> {
  return visibleMatches(db)
    .where(sql<boolean>`lower(matches.name) like ${likePattern(search)} escape '\\'`)
    .orderBy('matches.start_time')
    .orderBy('matches.match_id')
    .limit(limit)
    .execute();
}

export async function listSeriesWithMatches(db: Db, sportId: number): Promise<{ series_id: number; name: string }[]> {
  return db
    .selectFrom('series')
    .innerJoin('sports', 'sports.sport_id', 'series.sport_id')
    .select(['series.series_id', 'series.name'])
    .where('series.sport_id', '=', sportId)
    .where('series.is_active', '=', 1)
    .where('sports.is_active', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('matches')
          .select('matches.match_id')
          .whereRef('matches.series_id', '=', 'series.series_id')
          .where('matches.is_active', '=', 1)
          .where('matches.finished_at', 'is', null),
      ),
    )
    .orderBy('series.name')
    .execute();
}

/** One visible match with its markets, runners and fancy lines. */
export async function findMatchBundle(db: Db, matchId: number): Promise<MatchBundle | undefined> {
  const match = await visibleMatchOrFinished(db, matchId);
  if (!match) return undefined;
  const markets = await db.selectFrom('markets').selectAll().where('match_id', '=', matchId).orderBy('sort_order').execute();
  const runners = markets.length
    ? await db
        .selectFrom('market_runners')
        .select(['market_id', 'selection_id', 'name'])
        .where(
          'market_id',
          'in',
          markets.map((market) => market.market_id),
        )
        .orderBy('market_id')
        .orderBy('sort_order')
        .execute()
    : [];
  const fancies = await db.selectFrom('fancies').selectAll().where('match_id', '=', matchId).orderBy('sort_order').execute();
  return { match, markets, runners, fancies };
}

/** A match page stays open after the finish (its result shows); hidden ones do not. */
async function visibleMatchOrFinished(db: Db, matchId: number): Promise<MatchListRecord | undefined> {
  return db
    .selectFrom('matches')
    .innerJoin('series', 'series.series_id', 'matches.series_id')
    .innerJoin('sports', 'sports.sport_id', 'matches.sport_id')
    .selectAll('matches')
    .select('series.name as series_name')
    .where('matches.match_id', '=', matchId)
    .where('matches.is_active', '=', 1)
    .where('series.is_active', '=', 1)
    .where('sports.is_active', '=', 1)
    .executeTakeFirst();
}

export async function listSuspensions(db: Db): Promise<{ target: string; match_id: number }[]> {
  return db.selectFrom('feed_suspensions').select(['target', 'match_id']).execute();
}

export async function insertSuspension(db: Db, target: string, matchId: number, now: number): Promise<void> {
  await db
    .insertInto('feed_suspensions')
    .values({ target, match_id: matchId, set_at: now })
    .onConflict((oc) => oc.column('target').doNothing())
    .execute();
}

export async function deleteSuspension(db: Db, target: string): Promise<number> {
  const result = await db.deleteFrom('feed_suspensions').where('target', '=', target).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findMarketRecord(db: Db, marketId: string): Promise<MarketRecord | undefined> {
  return db.selectFrom('markets').selectAll().where('market_id', '=', marketId).executeTakeFirst();
}

export async function findFancyRecord(db: Db, fancyId: number): Promise<FancyRecord | undefined> {
  return db.selectFrom('fancies').selectAll().where('fancy_id', '=', fancyId).executeTakeFirst();
}

export async function findMatchRecord(db: Db, matchId: number): Promise<MatchRecord | undefined> {
  return db.selectFrom('matches').selectAll().where('match_id', '=', matchId).executeTakeFirst();
}

export async function updateMatchActive(db: Db, matchId: number, isActive: boolean): Promise<number> {
  const result = await db
    .updateTable('matches')
    .set({ is_active: isActive ? 1 : 0 })
    .where('match_id', '=', matchId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function updateSeriesActive(db: Db, seriesId: number, isActive: boolean): Promise<number> {
  const result = await db
    .updateTable('series')
    .set({ is_active: isActive ? 1 : 0 })
    .where('series_id', '=', seriesId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** For the operator: fixtures of one sport (or all), soonest first, hidden ones too. */
export async function listFixturesForOperator(db: Db, sportId: number | undefined, limit: number) {
  let query = db
    .selectFrom('matches')
    .innerJoin('series', 'series.series_id', 'matches.series_id')
    .select([
      'matches.match_id',
      'matches.sport_id',
      'matches.name',
      'matches.start_time',
      'matches.finished_at',
      'matches.is_active',
      'series.series_id',
      'series.name as series_name',
      'series.is_active as series_active',
    ])
    .where('matches.finished_at', 'is', null);
  if (sportId !== undefined) query = query.where('matches.sport_id', '=', sportId);
  return query.orderBy('matches.start_time').limit(limit).execute();
}

/** The match-odds market and its runners of each listed match. */
export async function listMatchOddsMarkets(
  db: Db,
  matchIds: number[],
): Promise<{ markets: MarketRecord[]; runners: MatchBundle['runners'] }> {
  if (matchIds.length === 0) return { markets: [], runners: [] };
  const markets = await db
    .selectFrom('markets')
    .selectAll()
    .where('match_id', 'in', matchIds)
    .where('market_type', '=', 'MATCH_ODDS')
    .execute();
  if (markets.length === 0) return { markets, runners: [] };
  const runners = await db
    .selectFrom('market_runners')
    .select(['market_id', 'selection_id', 'name'])
    .where(
      'market_id',
      'in',
      markets.map((market) => market.market_id),
    )
    .orderBy('market_id')
    .orderBy('sort_order')
    .execute();
  return { markets, runners };
}
