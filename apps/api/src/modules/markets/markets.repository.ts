import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { likePattern } from '../../db/report-sql';
import { activeSportIds } from '../sports';
import type { FancyRecord, MarketRecord, MarketRunnersTable, MatchRecord } from './markets.table';

export type MatchListRecord = MatchRecord & { series_name: string };

export type RunnerRecord = Pick<MarketRunnersTable, 'market_id' | 'selection_id' | 'name' | 'cloth_number' | 'jockey' | 'form'>;

export interface MatchBundle {
  match: MatchListRecord;
  markets: MarketRecord[];
  runners: RunnerRecord[];
  fancies: FancyRecord[];
}

const RUNNER_COLUMNS = ['market_id', 'selection_id', 'name', 'cloth_number', 'jockey', 'form'] as const;

/** Matches a customer may see: active, in an active series of an active sport. */
function shownMatches(db: Db) {
  return db
    .selectFrom('matches')
    .innerJoin('series', 'series.series_id', 'matches.series_id')
    .selectAll('matches')
    .select('series.name as series_name')
    .where('matches.is_active', '=', 1)
    .where('series.is_active', '=', 1)
    .where('matches.sport_id', 'in', activeSportIds(db));
}

/** Shown and not finished: what the lists hold. */
function visibleMatches(db: Db) {
  return shownMatches(db).where('matches.finished_at', 'is', null);
}

/** A race card's results: shown races of a sport (or one venue) that finished since `since`, latest first. */
export async function listFinishedSince(
  db: Db,
  filter: { sportId: number; seriesId?: number; since: number; limit: number },
): Promise<MatchListRecord[]> {
  let query = shownMatches(db).where('matches.sport_id', '=', filter.sportId).where('matches.finished_at', '>=', filter.since);
  if (filter.seriesId !== undefined) query = query.where('matches.series_id', '=', filter.seriesId);
  return query.orderBy('matches.start_time', 'desc').orderBy('matches.match_id', 'desc').limit(filter.limit).execute();
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
    .select(['series.series_id', 'series.name'])
    .where('series.sport_id', '=', sportId)
    .where('series.is_active', '=', 1)
    .where('series.sport_id', 'in', activeSportIds(db))
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
        .select(RUNNER_COLUMNS)
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
  return shownMatches(db).where('matches.match_id', '=', matchId).executeTakeFirst();
}

export async function listSuspensions(db: Db): Promise<{ target: string; match_id: number }[]> {
  return db.selectFrom('feed_suspensions').select(['target', 'match_id']).execute();
}

/**
 * Markets ('M:') and fancy lines ('F:') of matches still to finish that are decided: a result
 * declared by the feed (feed_results) or settled by anyone (settled_targets, which settlement
 * keeps through this module's face: the same facts placement refuses on, docs/sports.md "Market
 * states"). `is_void`: settled or declared with no winner.
 */
export async function listDecidedTargets(db: Db): Promise<{ target: string; is_void: number }[]> {
  const fromFeed = await sql<{ target: string; is_void: number }>`
    select r.target, case when r.winner_selection_id is null and r.result_runs is null then 1 else 0 end as is_void
    from feed_results r join matches m on m.match_id = r.match_id
    where m.finished_at is null`.execute(db);
  const settled = await sql<{ target: string; is_void: number }>`
    select s.target, s.is_void
    from settled_targets s
    join markets k on s.target = 'M:' || k.market_id
    join matches m on m.match_id = k.match_id
    where m.finished_at is null
    union all
    select s.target, s.is_void
    from settled_targets s
    join fancies f on s.target = 'F:' || cast(f.fancy_id as varchar(20))
    join matches m on m.match_id = f.match_id
    where m.finished_at is null`.execute(db);
  // A settlement overrides what the feed declared (an operator may settle first, or re-settle).
  return [...fromFeed.rows, ...settled.rows].map((row) => ({ target: row.target, is_void: Number(row.is_void) }));
}

/**
 * A market or fancy line was settled (or settled again): its latest settlement, in the settling
 * transaction. A later settlement number replaces an earlier one.
 */
export async function recordSettledTarget(
  tx: Db,
  settled: { target: string; isVoid: boolean; settlementNo: number; now: number },
): Promise<void> {
  const row = {
    target: settled.target,
    is_void: settled.isVoid ? 1 : 0,
    settlement_no: settled.settlementNo,
    settled_at: settled.now,
  };
  await tx
    .insertInto('settled_targets')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('target')
        .doUpdateSet({ is_void: row.is_void, settlement_no: row.settlement_no, settled_at: row.settled_at })
        .where('settled_targets.settlement_no', '<', row.settlement_no),
    )
    .execute();
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

/** The match-odds market (a race's Win market) and its runners of each listed match. */
export async function listMatchOddsMarkets(
  db: Db,
  matchIds: number[],
): Promise<{ markets: MarketRecord[]; runners: MatchBundle['runners'] }> {
  if (matchIds.length === 0) return { markets: [], runners: [] };
  const markets = await db
    .selectFrom('markets')
    .selectAll()
    .where('match_id', 'in', matchIds)
    .where('market_type', 'in', ['MATCH_ODDS', 'WIN'])
    .execute();
  if (markets.length === 0) return { markets, runners: [] };
  const runners = await db
    .selectFrom('market_runners')
    .select(RUNNER_COLUMNS)
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
