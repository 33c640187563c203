import type { FeedEvent, FeedFancyState, FeedMatchState } from '../odds-feed';
import { closedState, fancyLine, latestFirst, type ModelInput, priceMarkets } from './sim-model';
import { prematchWander } from './sim-prices';
import { logistic, normalCdf, streamFor, unitFor } from './sim-random';
import { cricketOvers, type SimFixture } from './sim-schedule';
import { keepBounded } from '../../../lib/bounded-map';

/** What the scorer knows after a ball. */
interface BallRecord {
  runs: number;
  wickets: number;
  balls: number;
  /** Runs of the two openers, and whether each is out. */
  opener: [number, number];
  openerOut: [boolean, boolean];
  firstWicketAt: number | null;
  event: 'four' | 'six' | 'wicket' | null;
}

interface InningsScript {
  /** records[b] is the state after b balls; records[0] is the start. */
  records: BallRecord[];
}

interface CricketScript {
  overs: number;
  innings: [InningsScript, InningsScript];
  winner: 0 | 1;
  /** Simulated ms a ball takes, and the break between innings in balls. */
  ballMs: number;
}

const BREAK_BALLS = 12;
const scripts = new Map<string, CricketScript>();
const SCRIPT_CACHE = 2_000;

/** Runs a side scores from a ball: the strength shifts boundaries against dots. */
function playInnings(
  fixture: SimFixture,
  innings: number,
  strength: number,
  overs: number,
  target: number | null,
): InningsScript {
  const next = streamFor(fixture.feedKey, 'innings', innings);
  const start: BallRecord = {
    runs: 0,
    wickets: 0,
    balls: 0,
    opener: [0, 0],
    openerOut: [false, false],
    firstWicketAt: null,
    event: null,
  };
  const records = [start];
  // Batting order: 0 and 1 open; striker and non-striker are indexes into it.
  let striker = 0;
  let other = 1;
  let nextIn = 2;
  let state = start;
  while (state.balls < overs * 6 && state.wickets < 10 && (target === null || state.runs < target)) {
    const death = state.balls >= overs * 6 - 24;
    const u = next();
    const wicketChance = 0.042 + (death ? 0.015 : 0);
    const record: BallRecord = {
      ...state,
      opener: [...state.opener],
      openerOut: [...state.openerOut],
      balls: state.balls + 1,
      event: null,
    };
    if (u < wicketChance) {
      record.wickets++;
      record.event = 'wicket';
      if (record.firstWicketAt === null) record.firstWicketAt = record.runs;
      if (striker === 0 || striker === 1) record.openerOut[striker] = true;
      striker = nextIn++;
    } else {
      const r = next();
      const boundaryBoost = 0.02 * strength + (death ? 0.04 : 0);
      const runs = r < 0.34 - boundaryBoost ? 0 : r < 0.68 ? 1 : r < 0.77 ? 2 : r < 0.78 ? 3 : r < 0.92 ? 4 : 6;
      record.runs += runs;
      if (striker === 0 || striker === 1) record.opener[striker] += runs;
      if (runs === 4) record.event = 'four';
      if (runs === 6) record.event = 'six';
      if (runs % 2 === 1) [striker, other] = [other, striker];
    }
    if (record.balls % 6 === 0) [striker, other] = [other, striker];
    records.push(record);
    state = record;
  }
  return { records };
}

function scriptFor(fixture: SimFixture, durationMinutes: number): CricketScript {
  const kept = scripts.get(fixture.feedKey);
  if (kept) return kept;
  const overs = cricketOvers(fixture.sportId);
  const edge = fixture.ratings[0] ?? 0;
  // Strength of the side batting first vs second, from the home edge.
  const firstStrength = fixture.battingFirst === 0 ? edge : -edge;
  const first = playInnings(fixture, 1, firstStrength, overs, null);
  const total1 = first.records.at(-1)?.runs ?? 0;
  const second = playInnings(fixture, 2, -firstStrength, overs, total1 + 1);
  const total2 = second.records.at(-1)?.runs ?? 0;
  const chasingSide = (1 - fixture.battingFirst) as 0 | 1;
  const tieBreak = unitFor(fixture.feedKey, 'super-over') < 0.5;
  const winner =
    total2 > total1 ? chasingSide : total2 < total1 ? fixture.battingFirst : tieBreak ? chasingSide : fixture.battingFirst;
  const script: CricketScript = {
    overs,
    innings: [first, second],
    winner,
    ballMs: (durationMinutes * 60_000) / (2 * overs * 6 + BREAK_BALLS),
  };
  return keepBounded(scripts, fixture.feedKey, script, SCRIPT_CACHE);
}

function oversText(balls: number): string {
  return `${Math.floor(balls / 6)}.${balls % 6}`;
}

/** Runs a side still expects from `balls` balls with `wickets` down. */
function expectedRuns(balls: number, wickets: number): number {
  return balls * 1.38 * Math.pow((10 - wickets) / 10, 0.55);
}

/** The batting-first side's chance of winning. */
function firstSideChance(script: CricketScript, inningsIndex: 0 | 1, state: BallRecord, edge: number): number {
  const totalBalls = script.overs * 6;
  const par = script.overs === 20 ? 165 : 88;
  if (inningsIndex === 0) {
    const projected = state.runs + expectedRuns(totalBalls - state.balls, state.wickets);
    return logistic((projected - par) / 18 + edge * 0.5);
  }
  const target = (script.innings[0].records.at(-1)?.runs ?? 0) + 1;
  const need = target - state.runs;
  const ballsLeft = totalBalls - state.balls;
  const spread = 4 + Math.sqrt(ballsLeft) * 1.7;
  return 1 - normalCdf((expectedRuns(ballsLeft, state.wickets) - need) / spread);
}

function fancyStates(
  fixture: SimFixture,
  script: CricketScript,
  inningsIndex: 0 | 1,
  state: BallRecord,
  suspended: boolean,
  results: Record<string, number>,
): FeedFancyState[] {
  const innings = inningsIndex + 1;
  const totalBalls = script.overs * 6;
  const status = suspended ? 'SUSPENDED' : 'OPEN';
  const lines: FeedFancyState[] = [];
  const left = (balls: number) => Math.max(0, balls - state.balls);
  for (const def of fixture.fancies) {
    if (!def.key.startsWith(`I${innings}-`)) continue;
    if (def.key in results) continue;
    const kind = def.key.slice(3);
    const overMark = kind === '6OV' ? 36 : kind === '10OV' ? 60 : kind === '20OV' ? 120 : null;
    if (overMark !== null) {
      lines.push(fancyLine(def.key, state.runs + expectedRuns(left(Math.min(overMark, totalBalls)), state.wickets), status));
    } else if (kind === 'B1' || kind === 'B2') {
      const opener = kind === 'B1' ? 0 : 1;
      const share = Math.sqrt(left(totalBalls) / totalBalls);
      lines.push(fancyLine(def.key, state.opener[opener] + 24 * share, status));
    } else if (kind === 'FOW1') {
      lines.push(fancyLine(def.key, state.runs + 26 * Math.sqrt(left(totalBalls) / totalBalls), status));
    }
  }
  return lines;
}

/** Fancy results known once `state` of innings `index` is reached. */
function decidedFancies(
  script: CricketScript,
  index: 0 | 1,
  state: BallRecord,
  over: boolean,
  into: Record<string, number>,
): void {
  const innings = index + 1;
  const records = script.innings[index].records;
  for (const [kind, mark] of [
    ['6OV', 36],
    ['10OV', 60],
    ['20OV', 120],
  ] as const) {
    if (mark > script.overs * 6) continue;
    if (state.balls >= mark || over) into[`I${innings}-${kind}`] = (records[Math.min(mark, records.length - 1)] ?? state).runs;
  }
  if (state.openerOut[0] || over) into[`I${innings}-B1`] = state.opener[0];
  if (state.openerOut[1] || over) into[`I${innings}-B2`] = state.opener[1];
  if (state.firstWicketAt !== null) into[`I${innings}-FOW1`] = state.firstWicketAt;
  else if (over) into[`I${innings}-FOW1`] = state.runs;
}

export function cricketState(input: ModelInput): FeedMatchState {
  const { fixture, sport, elapsedSimMs } = input;
  const script = scriptFor(fixture, sport.durationMinutes);
  const edge = fixture.ratings[0] ?? 0;
  const firstEdge = fixture.battingFirst === 0 ? edge : -edge;
  const sides = [fixture.home, fixture.away];
  const first = fixture.battingFirst;
  const toHome = (firstChance: number) => (first === 0 ? firstChance : 1 - firstChance);
  const balls1 = script.innings[0].records.length - 1;
  const balls2 = script.innings[1].records.length - 1;
  const breakStart = balls1 * script.ballMs;
  const secondStart = breakStart + BREAK_BALLS * script.ballMs;
  const finish = secondStart + balls2 * script.ballMs;
  const events: FeedEvent[] = [];
  const score: [string, string] = ['', ''];
  const fancyResults: Record<string, number> = {};

  const recordInnings = (index: 0 | 1, upTo: number) => {
    const records = script.innings[index].records;
    const side = (index === 0 ? first : 1 - first) as 0 | 1;
    events.push({ kind: index === 0 ? 'start' : 'innings', side, at: '0.0', detail: `${sides[side]} batting` });
    for (let b = 1; b <= upTo; b++) {
      const record = records[b];
      if (record?.event) events.push({ kind: record.event, side, at: oversText(b), detail: `${record.runs}/${record.wickets}` });
    }
    const state = records[upTo] ?? records[0]!;
    score[side] = `${state.runs}/${state.wickets} (${oversText(state.balls)})`;
    return state;
  };

  if (elapsedSimMs < 0) {
    const chance = toHome(logistic(firstEdge * 0.5 + prematchWander(fixture.feedKey, elapsedSimMs / 60_000)));
    const opening = script.innings[0].records[0]!;
    return {
      phase: 'PRE',
      scoreboard: { homeScore: '', awayScore: '', status: 'not_started', note: `${sides[first]} to bat first`, timeline: [] },
      markets: priceMarkets(input, { MO: [chance, 1 - chance], BM: [chance, 1 - chance] }, 'OPEN'),
      fancies: fancyStates(fixture, script, 0, opening, false, fancyResults),
      results: { markets: {}, fancies: {} },
    };
  }

  if (elapsedSimMs >= finish) {
    recordInnings(0, balls1);
    const last = recordInnings(1, balls2);
    decidedFancies(script, 0, script.innings[0].records[balls1]!, true, fancyResults);
    decidedFancies(script, 1, last, true, fancyResults);
    const winnerId = fixture.markets[0]?.runners[script.winner]?.selectionId ?? 0;
    events.push({ kind: 'finish', side: script.winner, at: oversText(balls2), detail: `${sides[script.winner]} won` });
    return closedState(
      input,
      {
        homeScore: score[0],
        awayScore: score[1],
        status: 'finished',
        note: `${sides[script.winner]} won`,
        timeline: latestFirst(events),
      },
      { markets: { MO: winnerId, BM: winnerId }, fancies: fancyResults },
    );
  }

  let index: 0 | 1;
  let state: BallRecord;
  let inBreak = false;
  let sinceBallMs: number;
  if (elapsedSimMs < breakStart) {
    index = 0;
    const b = Math.floor(elapsedSimMs / script.ballMs);
    state = recordInnings(0, b);
    sinceBallMs = elapsedSimMs - b * script.ballMs;
  } else {
    const first1 = recordInnings(0, balls1);
    decidedFancies(script, 0, first1, true, fancyResults);
    index = 1;
    if (elapsedSimMs < secondStart) {
      inBreak = true;
      state = script.innings[1].records[0]!;
      sinceBallMs = elapsedSimMs - breakStart;
    } else {
      const b = Math.floor((elapsedSimMs - secondStart) / script.ballMs);
      state = recordInnings(1, b);
      sinceBallMs = elapsedSimMs - secondStart - b * script.ballMs;
    }
  }
  decidedFancies(script, index, state, false, fancyResults);
  // A wicket suspends every market until the next ball is well under way.
  const suspended = !inBreak && state.event === 'wicket' && sinceBallMs < script.ballMs * 0.6;
  const chance = toHome(firstSideChance(script, index, state, firstEdge));
  const target = (script.innings[0].records.at(-1)?.runs ?? 0) + 1;
  const note =
    index === 0
      ? `${sides[first]} batting`
      : inBreak
        ? `Innings break: ${sides[1 - first]} need ${target} to win`
        : `${sides[1 - first]} need ${target - state.runs} from ${script.overs * 6 - state.balls} balls`;
  return {
    phase: 'IN_PLAY',
    scoreboard: {
      homeScore: score[0],
      awayScore: score[1],
      status: inBreak ? 'break' : 'in_play',
      note,
      timeline: latestFirst(events),
    },
    markets: priceMarkets(input, { MO: [chance, 1 - chance], BM: [chance, 1 - chance] }, suspended ? 'SUSPENDED' : 'OPEN'),
    fancies: fancyStates(fixture, script, index, state, suspended, fancyResults),
    results: { markets: {}, fancies: fancyResults },
  };
}
