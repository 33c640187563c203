import { isRacingSport, MATCH_SEARCH_LIMIT, type MarketsSnapshot, type MatchRow, type Series } from '@app/shared';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { OddsFeed } from '../feed';
import { createMarketQuotes, type FancyQuote, type MarketQuote } from './markets-quotes';
import { createMarketsSnapshots } from './markets-snapshots';
import {
  listFinishedSince,
  listMatchOddsMarkets,
  listSeriesWithMatches,
  listVisibleMatches,
  type MatchListRecord,
  searchVisibleMatches,
} from './markets.repository';
import { wireMatchRow } from './markets.wire';

export { FEED_TICK_MS, SNAPSHOT_LAG_MS } from './markets-snapshots';
export type { FancyQuote, MarketQuote } from './markets-quotes';

const WEEK_MS = 7 * 24 * 3_600_000;
const UPCOMING_LIMIT = 100;
/** A race sport's list also holds the races finished this recently (the day's results), at most this many. */
const RACE_RESULTS_KEPT_MS = 12 * 3_600_000;
const RACE_RESULTS_LIMIT = 60;

export interface MarketsService {
  seqAt(now: number): number;
  getSeries(sportId: number): Promise<Series[]>;
  getMatches(sportId: number, seriesId?: number): Promise<MatchRow[]>;
  search(text: string): Promise<MatchRow[]>;
  liveMatches(): Promise<MatchRow[]>;
  upcomingMatches(): Promise<MatchRow[]>;
  /** The match page's data; NOT_FOUND for unknown or hidden matches. */
  getMarkets(matchId: number): Promise<MarketsSnapshot>;
  /** The snapshot of the current moment if this instance already has it (no promise). */
  marketsCopy(matchId: number): MarketsSnapshot | undefined;
  /** For the bet module: the price and status of a runner now, as a bet would be checked. */
  quoteMarket(matchId: number, marketId: string, selectionId: number): Promise<MarketQuote>;
  quoteFancy(matchId: number, fancyId: number): Promise<FancyQuote>;
  /** Drop the cached operator suspensions and match rows (after an operator change here). */
  forget(): void;
}

export function createMarketsService(db: Db, clock: Clock, feed: OddsFeed): MarketsService {
  const snapshots = createMarketsSnapshots(db, clock, feed);
  const { seqAt, stateOf, suspendedTargets } = snapshots;
  const quotes = createMarketQuotes(snapshots);

  const rowsOf = async (matches: MatchListRecord[], keepFinished = false): Promise<MatchRow[]> => {
    const seq = seqAt(clock.now());
    const targets = await suspendedTargets();
    const { markets, runners } = await listMatchOddsMarkets(
      db,
      matches.map((match) => match.match_id),
    );
    const rows: MatchRow[] = [];
    for (const match of matches) {
      const state = stateOf(match, seq);
      if (state.phase === 'FINISHED' && !keepFinished) continue;
      const record = markets.find((market) => market.match_id === match.match_id);
      rows.push(wireMatchRow(match, state, record && { record, runners }, targets));
    }
    return rows;
  };

  const inPlayFirst = (rows: MatchRow[]) => [...rows.filter((row) => row.in_play), ...rows.filter((row) => !row.in_play)];

  return {
    seqAt,

    async getSeries(sportId) {
      return listSeriesWithMatches(db, sportId);
    },

    async getMatches(sportId, seriesId) {
      const series = seriesId === undefined ? {} : { seriesId };
      const matches = await listVisibleMatches(db, { sportId, ...series, startsBefore: clock.now() + WEEK_MS });
      if (!isRacingSport(sportId)) return inPlayFirst(await rowsOf(matches));
      // A race card shows the day's results too (docs/sports.md "Racing"), latest first, after
      // the races to come; a race the feed has just finished is a result at once.
      const since = clock.now() - RACE_RESULTS_KEPT_MS;
      const finished = await listFinishedSince(db, { sportId, ...series, since, limit: RACE_RESULTS_LIMIT });
      const rows = await rowsOf([...matches, ...finished], true);
      const results = rows.filter((row) => row.placings).sort((a, b) => b.start_time.localeCompare(a.start_time));
      return [...inPlayFirst(rows.filter((row) => !row.placings)), ...results];
    },

    async search(text) {
      return rowsOf(await searchVisibleMatches(db, text, MATCH_SEARCH_LIMIT));
    },

    async liveMatches() {
      const matches = await listVisibleMatches(db, { startsBefore: clock.now() });
      return (await rowsOf(matches)).filter((row) => row.in_play);
    },

    async upcomingMatches() {
      const now = clock.now();
      const matches = await listVisibleMatches(db, { startsBefore: now + WEEK_MS, limit: UPCOMING_LIMIT * 4 });
      const upcoming = matches.filter((match) => match.start_time > now).slice(0, UPCOMING_LIMIT);
      return (await rowsOf(upcoming)).filter((row) => !row.in_play);
    },

    getMarkets: snapshots.getMarkets,

    marketsCopy: snapshots.marketsCopy,

    quoteMarket: quotes.quoteMarket,

    quoteFancy: quotes.quoteFancy,

    forget: snapshots.forget,
  };
}
