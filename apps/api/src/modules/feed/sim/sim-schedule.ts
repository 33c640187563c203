import type { FeedFancyDef, FeedFixture, FeedMarketDef } from '../odds-feed';
import { SIM_SPORTS, type SimSport } from './sim-catalogue';
import { firstRaceSlotFrom, raceFixtureParts, raceSimMinute, venuesOf } from './sim-race-schedule';
import { hashKey, pick, unitFor } from './sim-random';

/** Slots count from here, so every instance numbers them alike. */
export const SIM_ORIGIN_MS = Date.UTC(2026, 0, 1);
/** Upcoming fixtures kept per lane (with the 7-day horizon, whichever is fewer). */
export const MAX_UPCOMING_PER_LANE = 12;
const MINUTE_MS = 60_000;
const RUPEE = 100;

/** Betfair's ids for the fixed runners, so exports look familiar. */
export const SELECTION = { draw: 60443, under25: 47972, over25: 47973, yes: 30246, no: 110503 } as const;

export function selectionIdFor(name: string): number {
  return 1_000_000 + (hashKey('selection', name) % 9_000_000);
}

export interface SimFixture extends FeedFixture {
  lane: number;
  slot: number;
  /** Log-odds edge of the home side (or each runner's rating for races). */
  ratings: number[];
  /** Which side bats first (cricket). */
  battingFirst: 0 | 1;
  /** Races: simulated milliseconds from the off to the finish. */
  raceDurationSimMs?: number;
}

/** Keys carry the seed and the speed: the same slot at another speed is another fixture. */
export function feedPrefix(seed: string, speed: number): string {
  return `sim-${seed}-x${speed}`;
}

export function realMs(simMinutes: number, speed: number): number {
  return (simMinutes * MINUTE_MS) / speed;
}

function marketsFor(sport: SimSport, home: string, away: string): FeedMarketDef[] {
  const sides = [
    { selectionId: selectionIdFor(home), name: home },
    { selectionId: selectionIdFor(away), name: away },
  ];
  switch (sport.model) {
    case 'cricket':
      return [
        {
          key: 'MO',
          type: 'MATCH_ODDS',
          name: 'Match Odds',
          runners: sides,
          betDelaySeconds: 5,
          minStakePaise: 100 * RUPEE,
          maxStakePaise: 500_000 * RUPEE,
        },
        {
          key: 'BM',
          type: 'BOOKMAKER',
          name: 'Bookmaker',
          runners: sides,
          betDelaySeconds: 0,
          minStakePaise: 100 * RUPEE,
          maxStakePaise: 1_000_000 * RUPEE,
        },
      ];
    case 'football':
      return [
        {
          key: 'MO',
          type: 'MATCH_ODDS',
          name: 'Match Odds',
          betDelaySeconds: 5,
          minStakePaise: 100 * RUPEE,
          maxStakePaise: 200_000 * RUPEE,
          runners: [sides[0]!, sides[1]!, { selectionId: SELECTION.draw, name: 'The Draw' }],
        },
        {
          key: 'OU25',
          type: 'OVER_UNDER_25',
          name: 'Over/Under 2.5 Goals',
          betDelaySeconds: 5,
          minStakePaise: 100 * RUPEE,
          maxStakePaise: 100_000 * RUPEE,
          runners: [
            { selectionId: SELECTION.under25, name: 'Under 2.5 Goals' },
            { selectionId: SELECTION.over25, name: 'Over 2.5 Goals' },
          ],
        },
        {
          key: 'BTTS',
          type: 'BOTH_TEAMS_TO_SCORE',
          name: 'Both teams to Score?',
          betDelaySeconds: 5,
          minStakePaise: 100 * RUPEE,
          maxStakePaise: 100_000 * RUPEE,
          runners: [
            { selectionId: SELECTION.yes, name: 'Yes' },
            { selectionId: SELECTION.no, name: 'No' },
          ],
        },
      ];
    default:
      return [
        {
          key: 'MO',
          type: 'MATCH_ODDS',
          name: 'Match Odds',
          runners: sides,
          betDelaySeconds: 5,
          minStakePaise: 100 * RUPEE,
          maxStakePaise: 100_000 * RUPEE,
        },
      ];
  }
}

const FIRST = [
  'Rohit',
  'Virat',
  'Shubman',
  'Rishabh',
  'Travis',
  'Jos',
  'Quinton',
  'Kane',
  'David',
  'Babar',
  'Aiden',
  'Devon',
  'Faf',
  'Ruturaj',
  'Yashasvi',
  'Ishan',
];
const LAST = [
  'Sharma',
  'Iyer',
  'Gill',
  'Pant',
  'Head',
  'Buttler',
  'Kock',
  'Williamson',
  'Warner',
  'Azam',
  'Markram',
  'Conway',
  'Plessis',
  'Gaikwad',
  'Jaiswal',
  'Kishan',
];

/** The two openers of a side, as the scorecard names them. */
export function openersOf(seed: string, side: string): [string, string] {
  const name = (n: number) => `${pick(FIRST, unitFor(seed, side, 'f', n))} ${pick(LAST, unitFor(seed, side, 'l', n))}`;
  const first = name(1);
  let second = name(2);
  if (second === first) second = name(3);
  return [first, second];
}

export function cricketOvers(sportId: number): number {
  return sportId === -17 ? 10 : 20;
}

function fanciesFor(sport: SimSport, seed: string, home: string, away: string, battingFirst: 0 | 1): FeedFancyDef[] {
  if (sport.model !== 'cricket') return [];
  const stakes = { minStakePaise: 100 * RUPEE, maxStakePaise: 50_000 * RUPEE };
  const order = battingFirst === 0 ? [home, away] : [away, home];
  const overs = cricketOvers(sport.sportId);
  const defs: FeedFancyDef[] = [];
  order.forEach((team, index) => {
    const innings = index + 1;
    const [opener1, opener2] = openersOf(seed, team);
    defs.push({ key: `I${innings}-6OV`, name: `6 over runs ${team}`, ...stakes });
    defs.push({ key: `I${innings}-10OV`, name: `10 over runs ${team}`, ...stakes });
    if (overs === 20) defs.push({ key: `I${innings}-20OV`, name: `20 over runs ${team}`, ...stakes });
    defs.push({ key: `I${innings}-B1`, name: `${opener1} runs`, ...stakes });
    defs.push({ key: `I${innings}-B2`, name: `${opener2} runs`, ...stakes });
    defs.push({ key: `I${innings}-FOW1`, name: `Fall of 1st wkt ${team}`, ...stakes });
  });
  return defs;
}

function fixtureAt(seed: string, speed: number, sport: SimSport, lane: number, slot: number): SimFixture {
  if (sport.model === 'race') return raceFixtureAt(seed, speed, sport, lane, slot);
  const interval = realMs(sport.intervalMinutes, speed);
  const rounding = realMs(30, speed);
  const laneOffset = (interval * lane) / sport.lanes;
  const jitter = unitFor(seed, sport.sportId, lane, slot, 'jitter') * interval * 0.2;
  const startTime = SIM_ORIGIN_MS + Math.round((slot * interval + laneOffset + jitter) / rounding) * rounding;
  const competition = pick(sport.competitions, unitFor(seed, sport.sportId, lane, slot, 'competition'));
  const key = `${feedPrefix(seed, speed)}:${sport.sportId}:${lane}:${slot}`;
  const homeIndex = Math.floor(unitFor(key, 'home') * competition.sides.length);
  const awayIndex =
    (homeIndex + 1 + Math.floor(unitFor(key, 'away') * (competition.sides.length - 1))) % competition.sides.length;
  const home = competition.sides[homeIndex] ?? 'Home';
  const away = competition.sides[awayIndex] ?? 'Away';
  const battingFirst: 0 | 1 = unitFor(key, 'toss') < 0.5 ? 0 : 1;
  return {
    feedKey: key,
    sportId: sport.sportId,
    seriesKey: `${feedPrefix(seed, speed)}:${sport.sportId}:${competition.name}`,
    seriesName: competition.name,
    home,
    away,
    name: `${home} v ${away}`,
    startTime,
    endBy: startTime + realMs(sport.durationMinutes, speed),
    markets: marketsFor(sport, home, away),
    fancies: fanciesFor(sport, key, home, away, battingFirst),
    lane,
    slot,
    ratings: [(unitFor(key, 'edge') - 0.5) * 1.6],
    battingFirst,
  };
}

/**
 * A race: lane = venue, slot = the venue's races one after another, day by day. Its key names
 * the venue lane with a "v" (`…:7:v0:12`), so race fixtures of an older simulator, keyed
 * `…:7:0:12`, are unknown to this one and retire (docs/sports.md "Racing").
 */
function raceFixtureAt(seed: string, speed: number, sport: SimSport, lane: number, slot: number): SimFixture {
  const venue = venuesOf(sport.sportId)[lane];
  if (!venue) throw new Error(`sport ${sport.sportId} has no venue ${lane}`);
  const simMinute = raceSimMinute(venue, slot);
  const startTime = SIM_ORIGIN_MS + Math.round(realMs(simMinute, speed));
  const feedKey = `${feedPrefix(seed, speed)}:${sport.sportId}:v${lane}:${slot}`;
  const seriesKey = `${feedPrefix(seed, speed)}:${sport.sportId}:${venue.name}`;
  const race = { feedKey, seriesKey, sport, venue, lane, slot, simMinute, startTime, speed, originMs: SIM_ORIGIN_MS };
  const parts = raceFixtureParts(race, selectionIdFor);
  return {
    feedKey,
    sportId: sport.sportId,
    seriesKey,
    seriesName: venue.name,
    home: parts.home,
    away: parts.away,
    name: parts.name,
    startTime,
    endBy: parts.endBy,
    markets: parts.markets,
    fancies: [],
    lane,
    slot,
    ratings: parts.ratings,
    battingFirst: 0,
    raceDurationSimMs: parts.raceDurationSimMs,
  };
}

/** The first slot of a lane that may still be running at `from`. */
function firstSlotOf(sport: SimSport, lane: number, from: number, speed: number): number {
  if (sport.model === 'race') {
    const venue = venuesOf(sport.sportId)[lane];
    return venue ? firstRaceSlotFrom(venue, ((from - SIM_ORIGIN_MS) * speed) / MINUTE_MS) : 0;
  }
  const interval = realMs(sport.intervalMinutes, speed);
  const duration = realMs(sport.durationMinutes, speed);
  return Math.max(0, Math.floor((from - duration - SIM_ORIGIN_MS) / interval) - 1);
}

function lanesOf(sport: SimSport): number {
  return sport.model === 'race' ? venuesOf(sport.sportId).length : sport.lanes;
}

/**
 * The fixtures of every simulated sport that start in [from, to] or are still running at
 * `from`, at most MAX_UPCOMING_PER_LANE upcoming per lane. A pure function of its arguments.
 */
export function scheduleBetween(
  seed: string,
  speed: number,
  from: number,
  to: number,
  sportIds?: ReadonlySet<number>,
): SimFixture[] {
  const fixtures: SimFixture[] = [];
  for (const sport of SIM_SPORTS) {
    if (sportIds && !sportIds.has(sport.sportId)) continue;
    for (let lane = 0; lane < lanesOf(sport); lane++) {
      const firstSlot = firstSlotOf(sport, lane, from, speed);
      let upcoming = 0;
      for (let slot = firstSlot; upcoming < MAX_UPCOMING_PER_LANE; slot++) {
        const fixture = fixtureAt(seed, speed, sport, lane, slot);
        if (fixture.startTime > to) break;
        if (fixture.endBy < from) continue;
        if (fixture.startTime >= from) upcoming++;
        fixtures.push(fixture);
      }
    }
  }
  return fixtures.sort((a, b) => a.startTime - b.startTime);
}

/** The fixture a feed key names (the key carries sport, lane and slot). */
export function fixtureForKey(seed: string, speed: number, feedKey: string): SimFixture | undefined {
  const match = /^(.+):(-?\d+):(v?)(\d+):(\d+)$/.exec(feedKey);
  if (!match || match[1] !== feedPrefix(seed, speed)) return undefined;
  const sport = SIM_SPORTS.find((item) => item.sportId === Number(match[2]));
  if (!sport || (sport.model === 'race') !== (match[3] === 'v')) return undefined;
  const lane = Number(match[4]);
  if (lane >= lanesOf(sport)) return undefined;
  return fixtureAt(seed, speed, sport, lane, Number(match[5]));
}
