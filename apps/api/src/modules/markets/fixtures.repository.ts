import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/unit-of-work';
import type { FeedFixture, FeedMarketDef } from '../feed';
import type { FancyRecord, MarketRecord, MatchRecord } from './markets.table';

// The feed sync's SQL: fixtures in, results out. The customer-facing reads are in markets.repository.ts.

/** Exchange markets look like Betfair's ids; the bookmaker's start 9991 (docs/product.md §9). */
export function marketIdFor(matchId: number, type: string, index: number): string {
  return type === 'BOOKMAKER' ? `9991${matchId}` : `1.${matchId}${String(index + 1).padStart(2, '0')}`;
}

/** The feed's own market id (Betfair's), else one the platform makes. */
function marketIdOf(matchId: number, market: FeedMarketDef, index: number): string {
  return market.marketId ?? marketIdFor(matchId, market.type, index);
}

function marketRow(matchId: number, market: FeedMarketDef, index: number) {
  return {
    market_id: marketIdOf(matchId, market, index),
    match_id: matchId,
    market_key: market.key,
    market_type: market.type,
    name: market.name,
    sort_order: index,
    bet_delay_s: market.betDelaySeconds,
    min_stake: market.minStakePaise,
    max_stake: market.maxStakePaise,
    number_of_winners: market.numberOfWinners ?? 1,
  };
}

function runnerRows(matchId: number, market: FeedMarketDef, index: number) {
  return market.runners.map((runner, order) => ({
    market_id: marketIdOf(matchId, market, index),
    selection_id: runner.selectionId,
    name: runner.name,
    sort_order: order,
    cloth_number: runner.clothNumber ?? null,
    jockey: runner.jockey ?? null,
    form: runner.form ?? null,
  }));
}

/**
 * A push feed names new markets of a match it already sent (a Place market after the Win, a new
 * market of an event): stores those the database lacks. Only markets with the feed's own ids.
 */
async function insertNewMarketsOfKnown(db: Db, fixtures: FeedFixture[]): Promise<void> {
  const withIds = fixtures.filter((fixture) => fixture.markets.some((market) => market.marketId !== undefined));
  if (withIds.length === 0) return;
  const wanted = withIds.flatMap((fixture) => fixture.markets.flatMap((market) => (market.marketId ? [market.marketId] : [])));
  const stored = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const ids = wanted.slice(i, i + 500);
    for (const row of await db.selectFrom('markets').select('market_id').where('market_id', 'in', ids).execute())
      stored.add(row.market_id);
  }
  const missing = withIds.filter((fixture) => fixture.markets.some((market) => market.marketId && !stored.has(market.marketId)));
  if (missing.length === 0) return;
  const matchIds = new Map(
    (
      await db
        .selectFrom('matches')
        .select(['match_id', 'feed_key'])
        .where(
          'feed_key',
          'in',
          missing.map((fixture) => fixture.feedKey),
        )
        .execute()
    ).map((row) => [row.feed_key, Number(row.match_id)]),
  );
  await writeTransaction(db, async (trx) => {
    for (const fixture of missing) {
      const matchId = matchIds.get(fixture.feedKey);
      if (matchId === undefined) continue;
      for (const [index, market] of fixture.markets.entries()) {
        if (!market.marketId || stored.has(market.marketId)) continue;
        // Another instance may store it first: only the one that inserted the market adds its runners.
        const inserted = await trx
          .insertInto('markets')
          .values(marketRow(matchId, market, index))
          .onConflict((oc) => oc.column('market_id').doNothing())
          .returning('market_id')
          .execute();
        if (inserted.length && market.runners.length)
          await trx
            .insertInto('market_runners')
            .values(runnerRows(matchId, market, index))
            .execute();
      }
    }
  });
}

const FIXTURES_PER_BATCH = 100;

/** Stores the fixtures the database does not hold yet; any number of instances may race here. */
export async function insertNewFixtures(db: Db, fixtures: FeedFixture[], now: number): Promise<number> {
  if (fixtures.length === 0) return 0;
  const known = new Set<string>();
  for (let i = 0; i < fixtures.length; i += 500) {
    const keys = fixtures.slice(i, i + 500).map((fixture) => fixture.feedKey);
    for (const row of await db.selectFrom('matches').select('feed_key').where('feed_key', 'in', keys).execute()) {
      known.add(row.feed_key);
    }
  }
  const fresh = fixtures.filter((fixture) => !known.has(fixture.feedKey));
  await insertNewMarketsOfKnown(
    db,
    fixtures.filter((fixture) => known.has(fixture.feedKey)),
  );
  if (fresh.length === 0) return 0;
  await writeTransaction(db, async (trx) => {
    const seriesRows = [...new Map(fresh.map((f) => [f.seriesKey, f])).values()].map((f) => ({
      feed_key: f.seriesKey,
      sport_id: f.sportId,
      name: f.seriesName,
      is_active: 1,
      created_at: now,
    }));
    await trx
      .insertInto('series')
      .values(seriesRows)
      .onConflict((oc) => oc.column('feed_key').doNothing())
      .execute();
    const seriesIds = new Map(
      (
        await trx
          .selectFrom('series')
          .select(['series_id', 'feed_key'])
          .where(
            'feed_key',
            'in',
            seriesRows.map((row) => row.feed_key),
          )
          .execute()
      ).map((row) => [row.feed_key, row.series_id]),
    );
    // A hundred fixtures per statement: a first start takes in a few hundred at once.
    for (let i = 0; i < fresh.length; i += FIXTURES_PER_BATCH) {
      const batch = fresh.slice(i, i + FIXTURES_PER_BATCH);
      const inserted = await trx
        .insertInto('matches')
        .values(
          batch.map((fixture) => ({
            feed_key: fixture.feedKey,
            series_id: seriesIds.get(fixture.seriesKey) ?? 0,
            sport_id: fixture.sportId,
            name: fixture.name,
            home: fixture.home,
            away: fixture.away,
            start_time: fixture.startTime,
            end_by: fixture.endBy,
            finished_at: null,
            is_active: 1,
            created_at: now,
          })),
        )
        // Another instance stored some first: it also stores their markets.
        .onConflict((oc) => oc.column('feed_key').doNothing())
        .returning(['match_id', 'feed_key'])
        .execute();
      const ids = new Map(inserted.map((row) => [row.feed_key, Number(row.match_id)]));
      const stored = batch.flatMap((fixture) => {
        const matchId = ids.get(fixture.feedKey);
        return matchId === undefined ? [] : [{ fixture, matchId }];
      });
      const markets = stored.flatMap(({ fixture, matchId }) =>
        fixture.markets.map((market, index) => marketRow(matchId, market, index)),
      );
      // A feed's own market id is stored once: a market already held (by an earlier replay's
      // match) stays where it is, and this match goes without it.
      const insertedMarkets = new Set<string>();
      if (markets.length) {
        const rows = await trx
          .insertInto('markets')
          .values(markets)
          .onConflict((oc) => oc.column('market_id').doNothing())
          .returning('market_id')
          .execute();
        for (const row of rows) insertedMarkets.add(row.market_id);
      }
      const runners = stored
        .flatMap(({ fixture, matchId }) => fixture.markets.flatMap((market, index) => runnerRows(matchId, market, index)))
        .filter((runner) => insertedMarkets.has(runner.market_id));
      if (runners.length) await trx.insertInto('market_runners').values(runners).execute();
      const fancies = stored.flatMap(({ fixture, matchId }) =>
        fixture.fancies.map((fancy, index) => ({
          match_id: matchId,
          fancy_key: fancy.key,
          name: fancy.name,
          sort_order: index,
          min_stake: fancy.minStakePaise,
          max_stake: fancy.maxStakePaise,
        })),
      );
      if (fancies.length) await trx.insertInto('fancies').values(fancies).execute();
    }
  });
  return fresh.length;
}

/** Every match not finished yet. */
export async function listUnfinished(db: Db): Promise<MatchRecord[]> {
  return db.selectFrom('matches').selectAll().where('finished_at', 'is', null).execute();
}

/** Started matches whose results are not all in yet. */
export async function listUnfinishedStarted(db: Db, now: number): Promise<MatchRecord[]> {
  return db.selectFrom('matches').selectAll().where('finished_at', 'is', null).where('start_time', '<=', now).execute();
}

export async function insertResults(
  db: Db,
  rows: {
    target: string;
    match_id: number;
    winner_selection_id: number | null;
    result_runs: number | null;
    placed_selection_ids?: string | null;
    decided_at: number;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('feed_results')
    .values(rows)
    .onConflict((oc) => oc.column('target').doNothing())
    .execute();
}

/** Non-runners of decided markets, once each (every instance may write the same rows). */
export async function insertRunnerRemovals(
  db: Db,
  rows: { market_id: string; selection_id: number; factor_milli: number; removed_at: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('feed_runner_removals')
    .values(rows)
    .onConflict((oc) => oc.columns(['market_id', 'selection_id']).doNothing())
    .execute();
}

/** A decided market's non-runners (docs/betting.md "Non-runners"), for settlement. */
export async function readRunnerRemovals(
  db: Db,
  marketId: string,
): Promise<{ selectionId: number; factorMilli: number; removedAt: number }[]> {
  const rows = await db.selectFrom('feed_runner_removals').selectAll().where('market_id', '=', marketId).execute();
  return rows.map((row) => ({
    selectionId: Number(row.selection_id),
    factorMilli: Number(row.factor_milli),
    removedAt: Number(row.removed_at),
  }));
}

export async function listResultTargets(db: Db, matchId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('feed_results').select('target').where('match_id', '=', matchId).execute();
  return new Set(rows.map((row) => row.target));
}

export async function markMatchFinished(db: Db, matchId: number, now: number): Promise<void> {
  await db
    .updateTable('matches')
    .set({ finished_at: now })
    .where('match_id', '=', matchId)
    .where('finished_at', 'is', null)
    .execute();
}

/** A match's markets and fancy lines, hidden or not (for results). */
export async function listMatchMarketsAndFancies(
  db: Db,
  matchId: number,
): Promise<{ markets: MarketRecord[]; fancies: FancyRecord[] }> {
  const markets = await db.selectFrom('markets').selectAll().where('match_id', '=', matchId).execute();
  const fancies = await db.selectFrom('fancies').selectAll().where('match_id', '=', matchId).execute();
  return { markets, fancies };
}
