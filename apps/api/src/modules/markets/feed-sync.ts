import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { OddsFeed } from '../feed';
import {
  insertNewFixtures,
  insertResults,
  insertRunnerRemovals,
  listMatchMarketsAndFancies,
  listResultTargets,
  listUnfinished,
  listUnfinishedStarted,
  markMatchFinished,
} from './fixtures.repository';
import type { MatchRecord } from './markets.table';
import { feedFixtureOf } from './markets.wire';

/** Fixtures are taken in for the next 7 days. */
export const FIXTURE_HORIZON_MS = 7 * 24 * 3_600_000;

/**
 * Keeps the database in step with the feed: new fixtures in, results out. Every instance runs
 * it; the writes are insert-if-absent of the same values, so two instances never disagree.
 */
export interface FeedSync {
  syncFixtures(): Promise<number>;
  /** Stores the results the feed has declared; returns the matches it saw finish. */
  recordResults(): Promise<number[]>;
}

/** How long a push feed must not know a fixture before it leaves the lists (two fixture sweeps and more). */
export const RETIRE_UNKNOWN_AFTER_MS = 90_000;

export function createFeedSync(db: Db, clock: Clock, feed: OddsFeed): FeedSync {
  /** Since when a push feed has not known each fixture, as this instance saw it. */
  const unknownSince = new Map<number, number>();
  const stateOrUndefined = (match: MatchRecord, now: number) => {
    try {
      return feed.state(feedFixtureOf({ ...match, series_name: '' }), now);
    } catch {
      return undefined;
    }
  };
  return {
    async syncFixtures() {
      const now = clock.now();
      // Fixtures the feed no longer knows (another seed or speed, a provider's cancelled event)
      // leave the lists; they have no results, so the bet module voids what stands on them. A push
      // feed (Betfair's) may answer nothing for a moment (its stream handed over, its state
      // reloaded): a fixture leaves only when it stays unknown for RETIRE_UNKNOWN_AFTER_MS, so a
      // race that closes just after never loses its result.
      const unknown = new Set<number>();
      for (const match of await listUnfinished(db)) {
        if (stateOrUndefined(match, now)) continue;
        const matchId = Number(match.match_id);
        unknown.add(matchId);
        if (feed.push) {
          const since = unknownSince.get(matchId) ?? now;
          unknownSince.set(matchId, since);
          if (now - since < RETIRE_UNKNOWN_AFTER_MS) continue;
        }
        await markMatchFinished(db, match.match_id, now);
      }
      for (const matchId of unknownSince.keys()) if (!unknown.has(matchId)) unknownSince.delete(matchId);
      return insertNewFixtures(db, feed.fixtures(now, now + FIXTURE_HORIZON_MS), now);
    },

    async recordResults() {
      const now = clock.now();
      const finished: number[] = [];
      for (const match of await listUnfinishedStarted(db, now)) {
        const state = stateOrUndefined(match, now);
        if (!state) continue;
        const bundle = await listMatchMarketsAndFancies(db, match.match_id);
        const known = await listResultTargets(db, match.match_id);
        const rows = [];
        const removals = [];
        const markets = bundle.markets;
        for (const market of markets) {
          const target = `M:${market.market_id}`;
          if (known.has(target)) continue;
          const winner = state.results.markets[market.market_key];
          // A decided market's non-runners go in before its result: settlement reads them with it.
          const decided =
            winner !== undefined ||
            state.results.placed?.[market.market_key] !== undefined ||
            state.results.voided?.includes(market.market_key);
          if (decided) {
            for (const removal of state.results.removals?.[market.market_key] ?? []) {
              removals.push({
                market_id: market.market_id,
                selection_id: removal.selectionId,
                factor_milli: removal.factorMilli,
                removed_at: removal.removedAt,
              });
            }
          }
          // A market paying several runners (Place) is decided by its placed runners, in order.
          const placed = state.results.placed?.[market.market_key];
          if (placed !== undefined) {
            rows.push({
              target,
              match_id: match.match_id,
              winner_selection_id: placed[0] ?? null,
              result_runs: null,
              placed_selection_ids: placed.join(','),
              decided_at: now,
            });
          } else if (winner !== undefined) {
            rows.push({ target, match_id: match.match_id, winner_selection_id: winner, result_runs: null, decided_at: now });
          } else if (state.results.voided?.includes(market.market_key)) {
            // Closed with no winner: no winner and no placed runners is a void (the bet module's reading).
            rows.push({ target, match_id: match.match_id, winner_selection_id: null, result_runs: null, decided_at: now });
          }
        }
        for (const fancy of bundle.fancies) {
          const runs = state.results.fancies[fancy.fancy_key];
          if (runs !== undefined && !known.has(`F:${fancy.fancy_id}`)) {
            rows.push({
              target: `F:${fancy.fancy_id}`,
              match_id: match.match_id,
              winner_selection_id: null,
              result_runs: runs,
              decided_at: now,
            });
          }
        }
        await insertRunnerRemovals(db, removals);
        await insertResults(db, rows);
        if (state.phase === 'FINISHED') {
          await markMatchFinished(db, match.match_id, now);
          finished.push(match.match_id);
        }
      }
      return finished;
    },
  };
}
