import type { FeedEvent, FeedFancyState, FeedMarketState, FeedMatchState, FeedStatus } from '../odds-feed';
import type { SimSport } from './sim-catalogue';
import { bookmakerPrices, exchangeLadder } from './sim-prices';
import type { SimFixture } from './sim-schedule';

export interface ModelInput {
  fixture: SimFixture;
  sport: SimSport;
  /** Simulated milliseconds since the start (negative before it). */
  elapsedSimMs: number;
}

/** Sizes change every 30 simulated seconds; prices whenever the model's chances do. */
export function sizeBucket(elapsedSimMs: number): number {
  return Math.floor(elapsedSimMs / 30_000);
}

/** Prices of every market from each runner's chance; closed or suspended markets offer none. */
export function priceMarkets(input: ModelInput, chances: Record<string, number[]>, status: FeedStatus): FeedMarketState[] {
  const bucket = sizeBucket(input.elapsedSimMs);
  return input.fixture.markets.map((market) => ({
    key: market.key,
    status,
    runners: market.runners.map((runner, index) => {
      if (status !== 'OPEN') return { selectionId: runner.selectionId, back: [], lay: [] };
      const chance = chances[market.key]?.[index] ?? 0.5;
      const sizeKey = `${input.fixture.feedKey}:${market.key}:${runner.selectionId}`;
      const prices =
        market.type === 'BOOKMAKER' ? bookmakerPrices(chance, sizeKey, bucket) : exchangeLadder(chance, sizeKey, bucket);
      return { selectionId: runner.selectionId, ...prices };
    }),
  }));
}

/** A fancy line: No at the line, Yes one run above, sizes per 100. */
export function fancyLine(key: string, line: number, status: FeedStatus): FeedFancyState {
  if (status !== 'OPEN') return { key, status, runNo: null, sizeNo: null, runYes: null, sizeYes: null };
  const runNo = Math.max(0, Math.round(line));
  return { key, status, runNo, sizeNo: 100, runYes: runNo + 1, sizeYes: 100 };
}

export function closedState(
  input: ModelInput,
  scoreboard: FeedMatchState['scoreboard'],
  results: FeedMatchState['results'],
): FeedMatchState {
  return { phase: 'FINISHED', scoreboard, markets: priceMarkets(input, {}, 'CLOSED'), fancies: [], results };
}

export const TIMELINE_LENGTH = 30;

export function latestFirst(events: FeedEvent[]): FeedEvent[] {
  return events.slice(-TIMELINE_LENGTH).reverse();
}
