import {
  type ClosedBy,
  isRacingSport,
  MATCH_SEARCH_LIMIT,
  type MarketsSnapshot,
  type MarketStatus,
  type MatchRow,
  type Series,
} from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FeedMatchState, OddsFeed } from '../feed';
import {
  findMatchBundle,
  listDecidedTargets,
  listFinishedSince,
  listMatchOddsMarkets,
  listSeriesWithMatches,
  listSuspensions,
  listVisibleMatches,
  type MatchBundle,
  type MatchListRecord,
  searchVisibleMatches,
} from './markets.repository';
import { feedFixtureOf, type TargetStates, wireFancies, wireMarket, wireMatchRow, wireScoreboard } from './markets.wire';

/** Prices are computed for moments this far apart; a moment's number is the live `seq`. */
export const FEED_TICK_MS = 250;
/**
 * Each instance keeps a match's rows, and the operator suspensions and decided markets, this
 * long: a change shows in every view within the 2 s docs/sports.md promises.
 */
const BUNDLE_CACHE_MS = 2_000;
const STATES_CACHE_MS = 1_000;
/** How far behind the database an instance's snapshot may be: its caches' longest time. */
export const SNAPSHOT_LAG_MS = Math.max(BUNDLE_CACHE_MS, STATES_CACHE_MS);
const WEEK_MS = 7 * 24 * 3_600_000;
const UPCOMING_LIMIT = 100;
/** A race sport's list also holds the races finished this recently (the day's results), at most this many. */
const RACE_RESULTS_KEPT_MS = 12 * 3_600_000;
const RACE_RESULTS_LIMIT = 60;

export interface MarketQuote {
  matchId: number;
  /** The match's sport and name, as its bet row keeps them. */
  sportId: number;
  matchName: string;
  marketId: string;
  marketName: string;
  /** Runners that win together (a Place market's 2 or 3). */
  numberOfWinners: number;
  /** Every runner of the market, in its order: a runner nobody backed may win. */
  runners: { selection_id: number; name: string }[];
  marketType: string;
  selectionId: number;
  status: MarketStatus;
  inPlay: boolean;
  betDelaySeconds: number;
  minStakePaise: number;
  maxStakePaise: number;
  /** Hundredths of decimal odds, or per-100 odds for the bookmaker; null when none is offered. */
  bestBack: number | null;
  bestLay: number | null;
}

export interface FancyQuote {
  fancyId: number;
  matchId: number;
  status: MarketStatus;
  runNo: number | null;
  sizeNo: number | null;
  runYes: number | null;
  sizeYes: number | null;
  minStakePaise: number;
  maxStakePaise: number;
}

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

/** A fixture the feed no longer knows (e.g. another seed's) shows as closed, not as an error. */
function safeState(feed: OddsFeed, match: MatchListRecord, at: number): FeedMatchState {
  try {
    return feed.state(feedFixtureOf(match), at);
  } catch {
    return {
      phase: 'PRE',
      scoreboard: { homeScore: '', awayScore: '', status: 'not_started', note: '', timeline: [] },
      markets: [],
      fancies: [],
      results: { markets: {}, fancies: {} },
    };
  }
}

export function createMarketsService(db: Db, clock: Clock, feed: OddsFeed): MarketsService {
  // A push feed's moments are its stream positions (docs/feeds.md "Several instances"); the
  // simulator's are 250 ms slices of time.
  const push = feed.push;
  const seqAt = push ? () => push.position() : (now: number) => Math.floor(now / FEED_TICK_MS);
  /** The time a moment's state is asked for: a push feed answers now, whatever the moment. */
  const momentTime = push ? () => clock.now() : (seq: number) => seq * FEED_TICK_MS;
  const bundles = new Map<number, { bundle: MatchBundle | undefined; expiresAt: number }>();
  let suspensions: { targets: TargetStates; expiresAt: number } | null = null;
  const states = new Map<string, FeedMatchState>();
  let statesSeq = -1;
  const snapshots = new Map<number, MarketsSnapshot>();

  /** Every instance computes the same state for the same moment: no shared writes needed. */
  const stateOf = (match: MatchListRecord, seq: number): FeedMatchState => {
    if (seq !== statesSeq) {
      states.clear();
      statesSeq = seq;
    }
    let state = states.get(match.feed_key);
    if (!state) {
      state = safeState(feed, match, momentTime(seq));
      states.set(match.feed_key, state);
    }
    return state;
  };

  /** Operator suspensions and decided markets, read together once a second per instance. */
  const suspendedTargets = async (): Promise<TargetStates> => {
    if (suspensions && suspensions.expiresAt > clock.now()) return suspensions.targets;
    const suspended = new Set((await listSuspensions(db)).map((row) => row.target));
    const closed = new Map<string, ClosedBy>();
    for (const row of await listDecidedTargets(db)) closed.set(row.target, row.is_void ? 'void' : 'result');
    const targets = { suspended, closed };
    suspensions = { targets, expiresAt: clock.now() + STATES_CACHE_MS };
    return targets;
  };

  const bundleOf = async (matchId: number): Promise<MatchBundle | undefined> => {
    const kept = bundles.get(matchId);
    if (kept && kept.expiresAt > clock.now()) return kept.bundle;
    const bundle = await findMatchBundle(db, matchId);
    if (bundles.size > 5_000) bundles.clear();
    bundles.set(matchId, { bundle, expiresAt: clock.now() + BUNDLE_CACHE_MS });
    return bundle;
  };

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

  const snapshotFrom = (bundle: MatchBundle, seq: number, targets: TargetStates): MarketsSnapshot => {
    const state = stateOf(bundle.match, seq);
    const match = bundle.match;
    return {
      match: {
        match_id: match.match_id,
        name: match.name,
        match_name: match.name,
        series_id: match.series_id,
        series_name: match.series_name,
        sport_id: match.sport_id,
        start_time: new Date(match.start_time).toISOString(),
        in_play: state.phase === 'IN_PLAY',
        scoreboard: wireScoreboard(match, state),
      },
      markets: bundle.markets.map((record) => wireMarket(record, bundle.runners, state, targets)),
      fancy: wireFancies(bundle.fancies, state, targets),
      seq,
    };
  };

  const getMarkets = async (matchId: number): Promise<MarketsSnapshot> => {
    const bundle = await bundleOf(matchId);
    if (!bundle) throw new AppError('NOT_FOUND', `No match has id ${matchId}`);
    const targets = await suspendedTargets();
    const snapshot = snapshotFrom(bundle, seqAt(clock.now()), targets);
    if (snapshots.size > 5_000) snapshots.clear();
    snapshots.set(matchId, snapshot);
    return snapshot;
  };

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

    getMarkets,

    marketsCopy(matchId) {
      const snapshot = snapshots.get(matchId);
      const now = clock.now();
      const kept = bundles.get(matchId);
      // Fresh only while it shows this moment and its rows and suspensions are still trusted.
      if (!snapshot || snapshot.seq !== seqAt(now) || !kept || kept.expiresAt <= now) return undefined;
      if (!suspensions || suspensions.expiresAt <= now) return undefined;
      return snapshot;
    },

    async quoteMarket(matchId, marketId, selectionId) {
      const snapshot = await getMarkets(matchId);
      const market = snapshot.markets.find((item) => item.market_id === marketId);
      const runner = market?.runners.find((item) => item.selection_id === selectionId);
      const bundle = await bundleOf(matchId);
      const record = bundle?.markets.find((item) => item.market_id === marketId);
      if (!bundle || !market || !runner || !record) throw new AppError('NOT_FOUND', 'No such market or selection in this match');
      const toFeedOdds = (odds: number | undefined) =>
        odds === undefined ? null : market.market_type === 'BOOKMAKER' ? odds : Math.round(odds * 100);
      return {
        matchId,
        sportId: Number(bundle.match.sport_id),
        matchName: bundle.match.name,
        marketId,
        marketName: market.market_name,
        numberOfWinners: Number(record.number_of_winners),
        runners: bundle.runners
          .filter((item) => item.market_id === marketId)
          .map((item) => ({ selection_id: Number(item.selection_id), name: item.name })),
        marketType: market.market_type,
        selectionId,
        status: market.status,
        inPlay: market.in_play,
        betDelaySeconds: market.bet_delay_s,
        minStakePaise: record.min_stake,
        maxStakePaise: record.max_stake,
        bestBack: toFeedOdds(runner.back[0]?.odds),
        bestLay: toFeedOdds(runner.lay[0]?.odds),
      };
    },

    async quoteFancy(matchId, fancyId) {
      const bundle = await bundleOf(matchId);
      const record = bundle?.fancies.find((item) => item.fancy_id === fancyId);
      if (!bundle || !record) throw new AppError('NOT_FOUND', 'No such fancy line in this match');
      const line = (await getMarkets(matchId)).fancy.find((item) => item.fancy_id === fancyId);
      return {
        fancyId,
        matchId,
        status: line?.status ?? 'CLOSED',
        runNo: line?.run_no ?? null,
        sizeNo: line?.size_no ?? null,
        runYes: line?.run_yes ?? null,
        sizeYes: line?.size_yes ?? null,
        minStakePaise: record.min_stake,
        maxStakePaise: record.max_stake,
      };
    },

    forget() {
      suspensions = null;
      bundles.clear();
      snapshots.clear();
    },
  };
}
