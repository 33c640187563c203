import type { ClosedBy, MarketsSnapshot } from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FeedMatchState, OddsFeed } from '../feed';
import {
  findMatchBundle,
  listDecidedTargets,
  listSuspensions,
  type MatchBundle,
  type MatchListRecord,
} from './markets.repository';
import { feedFixtureOf, type TargetStates, wireFancies, wireMarket, wireMatchHead, wireScoreboard } from './markets.wire';

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

export type MarketsSnapshots = ReturnType<typeof createMarketsSnapshots>;

/**
 * The feed's moments and what each instance keeps of them (docs/sports.md): a match's rows, the
 * operator suspensions and decided markets, each match's state and its page's snapshot.
 */
export function createMarketsSnapshots(db: Db, clock: Clock, feed: OddsFeed) {
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

  const snapshotFrom = (bundle: MatchBundle, seq: number, targets: TargetStates): MarketsSnapshot => {
    const state = stateOf(bundle.match, seq);
    const match = bundle.match;
    return {
      match: { ...wireMatchHead(match, state), scoreboard: wireScoreboard(match, state) },
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
    stateOf,
    suspendedTargets,
    bundleOf,
    getMarkets,

    /** The snapshot of the current moment if this instance already has it (no promise). */
    marketsCopy(matchId: number): MarketsSnapshot | undefined {
      const snapshot = snapshots.get(matchId);
      const now = clock.now();
      const kept = bundles.get(matchId);
      // Fresh only while it shows this moment and its rows and suspensions are still trusted.
      if (!snapshot || snapshot.seq !== seqAt(now) || !kept || kept.expiresAt <= now) return undefined;
      if (!suspensions || suspensions.expiresAt <= now) return undefined;
      return snapshot;
    },

    /** Drop the cached operator suspensions and match rows (after an operator change here). */
    forget(): void {
      suspensions = null;
      bundles.clear();
      snapshots.clear();
    },
  };
}
