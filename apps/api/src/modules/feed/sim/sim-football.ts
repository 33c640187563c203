import type { FeedEvent, FeedMatchState } from '../odds-feed';
import { closedState, latestFirst, type ModelInput, priceMarkets } from './sim-model';
import { prematchWander } from './sim-prices';
import { poisson, streamFor } from './sim-random';

/** Simulated minutes: first half 0–45, break 45–60, second half 60–105 (match minutes 45–90). */
const HALF_TIME_START = 45;
const SECOND_HALF_START = 60;
const FULL_TIME = 105;
const GOAL_SUSPENSION_MINUTES = 1;

interface Goal {
  side: 0 | 1;
  /** Match minute, 0–90. */
  minute: number;
}

function goalsOf(feedKey: string, rates: [number, number]): Goal[] {
  const next = streamFor(feedKey, 'goals');
  const goals: Goal[] = [];
  ([0, 1] as const).forEach((side) => {
    const count = poisson(rates[side], next);
    for (let i = 0; i < count; i++) goals.push({ side, minute: 1 + next() * 89 });
  });
  return goals.sort((a, b) => a.minute - b.minute);
}

function poissonPmf(lambda: number, max: number): number[] {
  const pmf = [Math.exp(-lambda)];
  for (let k = 1; k <= max; k++) pmf.push(((pmf[k - 1] ?? 0) * lambda) / k);
  return pmf;
}

/** Chances of home, away, draw, over 2.5 and both scoring, from the score and the goals still expected. */
function chances(score: [number, number], rates: [number, number]) {
  const home = poissonPmf(rates[0], 10);
  const away = poissonPmf(rates[1], 10);
  let homeWin = 0;
  let awayWin = 0;
  let over = 0;
  let both = 0;
  home.forEach((ph, i) =>
    away.forEach((pa, j) => {
      const p = ph * pa;
      const h = score[0] + i;
      const a = score[1] + j;
      if (h > a) homeWin += p;
      else if (a > h) awayWin += p;
      if (h + a >= 3) over += p;
      if (h > 0 && a > 0) both += p;
    }),
  );
  return { homeWin, awayWin, draw: Math.max(0, 1 - homeWin - awayWin), over, both };
}

function matchMinute(elapsedMinutes: number): number {
  if (elapsedMinutes < HALF_TIME_START) return elapsedMinutes;
  if (elapsedMinutes < SECOND_HALF_START) return 45;
  return Math.min(90, elapsedMinutes - 15);
}

export function footballState(input: ModelInput): FeedMatchState {
  const { fixture, elapsedSimMs } = input;
  const edge = fixture.ratings[0] ?? 0;
  const rates: [number, number] = [Math.max(0.3, 1.45 + 0.45 * edge), Math.max(0.3, 1.15 - 0.45 * edge)];
  const goals = goalsOf(fixture.feedKey, rates);
  const elapsedMinutes = elapsedSimMs / 60_000;
  const [home, away] = [fixture.home, fixture.away];
  const sides = [home, away];
  const price = (score: [number, number], remaining: [number, number], status: 'OPEN' | 'SUSPENDED') => {
    const c = chances(score, remaining);
    return priceMarkets(
      input,
      { MO: [c.homeWin, c.awayWin, c.draw], OU25: [1 - c.over, c.over], BTTS: [c.both, 1 - c.both] },
      status,
    );
  };

  if (elapsedMinutes < 0) {
    const wander = prematchWander(fixture.feedKey, elapsedMinutes);
    const drifted: [number, number] = [rates[0] * Math.exp(wander * 0.5), rates[1] * Math.exp(-wander * 0.5)];
    return {
      phase: 'PRE',
      scoreboard: { homeScore: '', awayScore: '', status: 'not_started', note: '', timeline: [] },
      markets: price([0, 0], drifted, 'OPEN'),
      fancies: [],
      results: { markets: {}, fancies: {} },
    };
  }

  const minute = matchMinute(elapsedMinutes);
  const finished = elapsedMinutes >= FULL_TIME;
  const scored = goals.filter((goal) => goal.minute <= minute);
  const score: [number, number] = [0, 0];
  const events: FeedEvent[] = [{ kind: 'start', side: null, at: "0'", detail: 'Kick-off' }];
  for (const goal of scored) {
    score[goal.side]++;
    events.push({ kind: 'goal', side: goal.side, at: `${Math.ceil(goal.minute)}'`, detail: `${score[0]}-${score[1]}` });
  }
  if (elapsedMinutes >= HALF_TIME_START) {
    const at = events.findIndex((event) => event.kind === 'goal' && Number.parseInt(event.at, 10) > 45);
    events.splice(at === -1 ? events.length : at, 0, { kind: 'half_time', side: null, at: "45'", detail: 'Half-time' });
  }
  const scoreboard = (status: 'in_play' | 'break' | 'finished', note: string) => ({
    homeScore: String(score[0]),
    awayScore: String(score[1]),
    status,
    note,
    timeline: latestFirst(events),
  });

  if (finished) {
    events.push({ kind: 'finish', side: null, at: "90'", detail: 'Full-time' });
    const mo = fixture.markets[0]?.runners ?? [];
    const winner = score[0] > score[1] ? mo[0] : score[1] > score[0] ? mo[1] : mo[2];
    const ou = fixture.markets[1]?.runners ?? [];
    const btts = fixture.markets[2]?.runners ?? [];
    return closedState(input, scoreboard('finished', `Full-time ${sides[0]} ${score[0]}-${score[1]} ${sides[1]}`), {
      markets: {
        MO: winner?.selectionId ?? 0,
        OU25: (score[0] + score[1] >= 3 ? ou[1] : ou[0])?.selectionId ?? 0,
        BTTS: (score[0] > 0 && score[1] > 0 ? btts[0] : btts[1])?.selectionId ?? 0,
      },
      fancies: {},
    });
  }

  const lastGoal = scored.at(-1);
  const lastGoalElapsed = lastGoal ? (lastGoal.minute <= 45 ? lastGoal.minute : lastGoal.minute + 15) : -Infinity;
  const suspended = elapsedMinutes - lastGoalElapsed < GOAL_SUSPENSION_MINUTES;
  const left = (90 - minute) / 90;
  const inBreak = elapsedMinutes >= HALF_TIME_START && elapsedMinutes < SECOND_HALF_START;
  return {
    phase: 'IN_PLAY',
    scoreboard: scoreboard(inBreak ? 'break' : 'in_play', inBreak ? 'Half-time' : `${Math.floor(minute)}'`),
    markets: price(score, [rates[0] * left, rates[1] * left], suspended ? 'SUSPENDED' : 'OPEN'),
    fancies: [],
    results: { markets: {}, fancies: {} },
  };
}
