import type { FeedEvent, FeedMatchState } from '../odds-feed';
import { closedState, type ModelInput, priceMarkets } from './sim-model';
import { prematchWander } from './sim-prices';
import { finishingOrder, placeChances } from './sim-race-cards';

const MINUTE_MS = 60_000;

/** Win chances now: the runners' strengths, wandering a little before the off. */
function winChances(input: ModelInput): number[] {
  const { fixture, elapsedSimMs } = input;
  const weights = fixture.ratings.map((rating, index) =>
    Math.exp(rating + (elapsedSimMs < 0 ? prematchWander(`${fixture.feedKey}:${index}`, elapsedSimMs / MINUTE_MS) : 0)),
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
}

/** A race: Win and Place priced before the off, suspended from the off, closed with the placings at the finish. */
export function raceState(input: ModelInput): FeedMatchState {
  const { fixture, elapsedSimMs } = input;
  const blank = { homeScore: '', awayScore: '', note: '', timeline: [] as FeedEvent[] };
  const win = winChances(input);
  const place = fixture.markets.find((market) => market.key === 'PLACE');
  if (elapsedSimMs < 0) {
    const chances: Record<string, number[]> = { WIN: win };
    if (place) chances.PLACE = placeChances(win, place.numberOfWinners ?? 1);
    return {
      phase: 'PRE',
      scoreboard: { ...blank, status: 'not_started' },
      markets: priceMarkets(input, chances, 'OPEN'),
      fancies: [],
      results: { markets: {}, fancies: {} },
    };
  }
  const off: FeedEvent = { kind: 'start', side: null, at: '0s', detail: 'Off' };
  const duration = fixture.raceDurationSimMs ?? 60_000;
  if (elapsedSimMs < duration) {
    return {
      phase: 'IN_PLAY',
      scoreboard: { ...blank, status: 'in_play', note: 'Off', timeline: [off] },
      markets: priceMarkets(input, {}, 'SUSPENDED'),
      fancies: [],
      results: { markets: {}, fancies: {} },
    };
  }
  const runners = fixture.markets[0]?.runners ?? [];
  const order = finishingOrder(fixture.feedKey, win).flatMap((index) => (runners[index] ? [runners[index]] : []));
  const winner = order[0];
  const placed: Record<string, number[]> = {};
  if (place) placed.PLACE = order.slice(0, place.numberOfWinners ?? 1).map((runner) => runner.selectionId);
  const finish: FeedEvent = { kind: 'finish', side: null, at: `${Math.round(duration / 1000)}s`, detail: winner?.name ?? '' };
  return closedState(
    input,
    {
      ...blank,
      status: 'finished',
      note: `Winner: ${winner?.name ?? ''}`,
      timeline: [finish, off],
      placings: order.map((runner, index) => ({ position: index + 1, selectionId: runner.selectionId, name: runner.name })),
    },
    { markets: { WIN: winner?.selectionId ?? 0 }, placed, fancies: {} },
  );
}
