import type { FeedEvent, FeedMatchState } from '../odds-feed';
import { closedState, latestFirst, type ModelInput, priceMarkets } from './sim-model';
import { prematchWander } from './sim-prices';
import { logistic, normalCdf, poisson, streamFor, unitFor } from './sim-random';

/** Points shown one by one on the timeline only when a match has few of them. */
const TIMELINE_POINTS_MAX = 30;

interface Point {
  side: 0 | 1;
  /** Fraction of the match, 0–1. */
  at: number;
}

function pointsOf(feedKey: string, means: [number, number]): Point[] {
  const next = streamFor(feedKey, 'points');
  const points: Point[] = [];
  ([0, 1] as const).forEach((side) => {
    const count = poisson(means[side], next);
    for (let i = 0; i < count; i++) points.push({ side, at: next() * 0.98 });
  });
  const tally = [0, 0];
  for (const point of points) tally[point.side] = (tally[point.side] ?? 0) + 1;
  // No draws in a duel: a decider settles a level match in the last moments.
  if (tally[0] === tally[1]) points.push({ side: unitFor(feedKey, 'decider') < 0.5 ? 0 : 1, at: 0.99 });
  return points.sort((a, b) => a.at - b.at);
}

/** Two sides scoring points over a fixed time (tennis games, baskets, frames…): the generic model. */
export function duelState(input: ModelInput): FeedMatchState {
  const { fixture, sport, elapsedSimMs } = input;
  const edge = fixture.ratings[0] ?? 0;
  const perSide = sport.pointsPerSide ?? 10;
  const means: [number, number] = [perSide * (1 + 0.12 * edge), perSide * (1 - 0.12 * edge)];
  const duration = sport.durationMinutes * 60_000;
  const sides = [fixture.home, fixture.away];

  if (elapsedSimMs < 0) {
    const chance = logistic(edge * 0.9 + prematchWander(fixture.feedKey, elapsedSimMs / 60_000));
    return {
      phase: 'PRE',
      scoreboard: { homeScore: '', awayScore: '', status: 'not_started', note: '', timeline: [] },
      markets: priceMarkets(input, { MO: [chance, 1 - chance] }, 'OPEN'),
      fancies: [],
      results: { markets: {}, fancies: {} },
    };
  }

  const points = pointsOf(fixture.feedKey, means);
  const progress = Math.min(1, elapsedSimMs / duration);
  const score = [0, 0];
  const events: FeedEvent[] = [{ kind: 'start', side: null, at: '0%', detail: 'Start' }];
  const showPoints = perSide * 2 <= TIMELINE_POINTS_MAX;
  let lastPointAt = -1;
  for (const point of points) {
    if (point.at > progress) break;
    score[point.side] = (score[point.side] ?? 0) + 1;
    lastPointAt = point.at;
    if (showPoints)
      events.push({ kind: 'point', side: point.side, at: `${Math.round(point.at * 100)}%`, detail: `${score[0]}-${score[1]}` });
  }
  const scoreboard = (status: 'in_play' | 'finished', note: string) => ({
    homeScore: String(score[0]),
    awayScore: String(score[1]),
    status,
    note,
    timeline: latestFirst(events),
  });

  if (progress >= 1) {
    const winner: 0 | 1 = (score[0] ?? 0) > (score[1] ?? 0) ? 0 : 1;
    events.push({ kind: 'finish', side: winner, at: '100%', detail: `${sides[winner]} won` });
    return closedState(input, scoreboard('finished', `${sides[winner]} won`), {
      markets: { MO: fixture.markets[0]?.runners[winner]?.selectionId ?? 0 },
      fancies: {},
    });
  }

  const left = 1 - progress;
  const expectedLead = (score[0] ?? 0) - (score[1] ?? 0) + (means[0] - means[1]) * left;
  const spread = Math.sqrt((means[0] + means[1]) * left) + 0.5;
  const chance = normalCdf(expectedLead / spread);
  // Matches with few, decisive points suspend briefly after each one, like a goal.
  const suspended = showPoints && lastPointAt >= 0 && progress - lastPointAt < 0.01;
  return {
    phase: 'IN_PLAY',
    scoreboard: scoreboard('in_play', `${Math.round(progress * 100)}%`),
    markets: priceMarkets(input, { MO: [chance, 1 - chance] }, suspended ? 'SUSPENDED' : 'OPEN'),
    fancies: [],
    results: { markets: {}, fancies: {} },
  };
}
