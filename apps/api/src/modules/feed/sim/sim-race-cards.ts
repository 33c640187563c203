import { GREYHOUND_RACING_SPORT_ID, HORSE_RACING_SPORT_ID } from '@app/shared';
import { pick, streamFor, unitFor } from './sim-random';

/**
 * Race meetings the simulator runs: every venue holds a meeting each (simulated) day, its races
 * a fixed gap apart, as a real card is laid out. Venues sit in several time zones so that some
 * meeting is on at most hours of the day (docs/sports.md "Racing").
 */
export interface RaceVenue {
  name: string;
  /** The venue's own clock: a race is named "Venue HH:MM" in it. */
  timeZone: string;
  /** The first race of the day's meeting, in simulated minutes after 00:00 UTC. */
  firstRaceUtcMinutes: number;
  races: number;
  gapMinutes: number;
  /** Race distances run here, metres. */
  distances: readonly number[];
  /** Which pools of names and race classes fit the venue. */
  region: 'india' | 'uk' | 'australia' | 'usa';
}

export const RACE_VENUES: Readonly<Record<number, readonly RaceVenue[]>> = {
  [HORSE_RACING_SPORT_ID]: [
    {
      name: 'Mumbai',
      timeZone: 'Asia/Kolkata',
      firstRaceUtcMinutes: 480,
      races: 8,
      gapMinutes: 30,
      distances: [1000, 1200, 1400, 1600, 2000, 2400],
      region: 'india',
    },
    {
      name: 'Bengaluru',
      timeZone: 'Asia/Kolkata',
      firstRaceUtcMinutes: 465,
      races: 7,
      gapMinutes: 35,
      distances: [1100, 1200, 1400, 1600, 2000],
      region: 'india',
    },
    {
      name: 'Ascot',
      timeZone: 'Europe/London',
      firstRaceUtcMinutes: 810,
      races: 7,
      gapMinutes: 35,
      distances: [1000, 1200, 1400, 1600, 2000, 2400, 3200],
      region: 'uk',
    },
    {
      name: 'Flemington',
      timeZone: 'Australia/Melbourne',
      firstRaceUtcMinutes: 60,
      races: 9,
      gapMinutes: 35,
      distances: [1000, 1100, 1200, 1400, 1600, 2000, 2500],
      region: 'australia',
    },
    {
      name: 'Santa Anita',
      timeZone: 'America/Los_Angeles',
      firstRaceUtcMinutes: 1200,
      races: 9,
      gapMinutes: 30,
      distances: [1000, 1200, 1300, 1700, 1800, 2000],
      region: 'usa',
    },
  ],
  [GREYHOUND_RACING_SPORT_ID]: [
    {
      name: 'Romford',
      timeZone: 'Europe/London',
      firstRaceUtcMinutes: 630,
      races: 12,
      gapMinutes: 16,
      distances: [225, 400, 575],
      region: 'uk',
    },
    {
      name: 'Towcester',
      timeZone: 'Europe/London',
      firstRaceUtcMinutes: 780,
      races: 12,
      gapMinutes: 17,
      distances: [270, 480, 500],
      region: 'uk',
    },
    {
      name: 'Hove',
      timeZone: 'Europe/London',
      firstRaceUtcMinutes: 1080,
      races: 12,
      gapMinutes: 15,
      distances: [285, 500, 515],
      region: 'uk',
    },
    {
      name: 'The Meadows',
      timeZone: 'Australia/Melbourne',
      firstRaceUtcMinutes: 480,
      races: 12,
      gapMinutes: 17,
      distances: [525, 600],
      region: 'australia',
    },
    {
      name: 'Wentworth Park',
      timeZone: 'Australia/Sydney',
      firstRaceUtcMinutes: 570,
      races: 10,
      gapMinutes: 18,
      distances: [520, 720],
      region: 'australia',
    },
  ],
};

/** Average race speeds, metres per second: a 1,200 m sprint takes about 72 s, a 480 m dog race 30 s. */
const SPEED_M_PER_S = { horse: 16.5, greyhound: 16 };

const HORSE_FIRST = [
  'Star',
  'Silver',
  'Royal',
  'Desert',
  'Golden',
  'Night',
  'Velvet',
  'Monsoon',
  'Midnight',
  'Crimson',
  'Ocean',
  'Thunder',
  'Saffron',
  'Amber',
  'Noble',
  'Wild',
  'Lucky',
  'Secret',
  'Iron',
  'Emerald',
  'Mystic',
  'Brave',
  'Silent',
  'Scarlet',
];
const HORSE_SECOND = [
  'Of Deccan',
  'Pursuit',
  'Comet',
  'Raja',
  'Storm',
  'Ghat',
  'Sultan',
  'Arrow',
  'Legend',
  'Empress',
  'Dancer',
  'Warrior',
  'Dream',
  'Melody',
  'Prince',
  'Spirit',
  'Fortune',
  'Gold',
  'Runner',
  'Tiger',
  'Falcon',
  'Glory',
  'Rebel',
  'Princess',
];
const DOG_FIRST = [
  'Ballymac',
  'Droopys',
  'Swift',
  'Lucky',
  'Rapid',
  'Misty',
  'Coolavanny',
  'Kilara',
  'Brinkleys',
  'Romeo',
  'Skywalker',
  'Good News',
  'Aero',
  'Zipping',
  'Fernando',
  'Queen',
];
const DOG_SECOND = [
  'Flash',
  'Ace',
  'Bolt',
  'Dancer',
  'Rocket',
  'Moon',
  'Rebel',
  'Lad',
  'Storm',
  'Blaze',
  'Jet',
  'Bullet',
  'Maverick',
  'Shadow',
  'Spark',
  'Tiger',
];
const JOCKEYS: Record<RaceVenue['region'], readonly string[]> = {
  india: [
    'P S Chouhan',
    'Trevor Patel',
    'Suraj Narredu',
    'Akshay Kumar',
    'Neeraj Rawal',
    'C S Jodha',
    'Sandesh Akhade',
    'Yash Narredu',
    'A Sandesh',
    'David Allan',
    'Dhebe Singh',
    'Zervan Kaniya',
  ],
  uk: [
    'Ryan Moore',
    'William Buick',
    'Oisin Murphy',
    'Frankie Dettori',
    'Tom Marquand',
    'Hollie Doyle',
    'James Doyle',
    'Rossa Ryan',
    'Jim Crowley',
    'Silvestre de Sousa',
    'Kieran Shoemark',
    'Saffie Osborne',
  ],
  australia: [
    'James McDonald',
    'Jamie Kah',
    'Craig Williams',
    'Damien Oliver',
    'Mark Zahra',
    'Blake Shinn',
    'Tommy Berry',
    'Rachel King',
    'Ben Melham',
    'Jye McNeil',
    'Kerrin McEvoy',
    'Hugh Bowman',
  ],
  usa: [
    'Irad Ortiz Jr',
    'Flavien Prat',
    'Joel Rosario',
    'John Velazquez',
    'Tyler Gaffalione',
    'Jose Ortiz',
    'Luis Saez',
    'Juan Hernandez',
    'Umberto Rispoli',
    'Drayden Van Dyke',
    'Mike Smith',
    'Hector Berrios',
  ],
};
const HORSE_CLASSES: Record<RaceVenue['region'], readonly string[]> = {
  india: [
    'Class IV Handicap',
    'Class III Handicap',
    'Class II Handicap',
    'Maiden Plate',
    'Indian Turf Invitation Cup',
    'Trial Stakes',
  ],
  uk: ['Class 4 Handicap', 'Class 3 Handicap', 'Class 2 Stakes', 'Maiden Stakes', 'Listed Stakes', 'Group 3'],
  australia: ['BM64 Handicap', 'BM78 Handicap', 'Maiden Plate', 'Class 1', 'Listed Stakes', 'Group 3'],
  usa: ['Maiden Special Weight', 'Claiming', 'Allowance', 'Allowance Optional Claiming', 'Stakes', 'Grade 3'],
};
const DOG_GRADES: Record<RaceVenue['region'], readonly string[]> = {
  india: ['Open'],
  uk: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'D2', 'D3', 'OR'],
  australia: ['Grade 5', 'Grade 6', 'Mixed 4/5', 'Maiden', 'Free For All'],
  usa: ['Open'],
};

export interface RaceCardRunner {
  name: string;
  clothNumber: number;
  jockey?: string;
  form: string;
  /** Log-strength: the runner's chance of winning grows as exp(rating). */
  rating: number;
}

export interface RaceCard {
  title: string;
  distance: number;
  /** Simulated milliseconds from the off to the finish. */
  durationSimMs: number;
  runners: RaceCardRunner[];
}

/** How many run: horse fields 4–14 (a few under 5, with no Place market); 6 dogs in the UK, 8 in Australia. */
function fieldSize(key: string, isDogs: boolean, venue: RaceVenue): number {
  const unit = unitFor(key, 'field');
  if (isDogs) {
    const traps = venue.region === 'australia' ? 8 : 6;
    return unit < 0.15 ? traps - 1 : traps; // now and then a vacant trap
  }
  if (unit < 0.08) return 4;
  if (unit < 0.4) return 5 + Math.floor(((unit - 0.08) / 0.32) * 3);
  return 8 + Math.floor(((unit - 0.4) / 0.6) * 7);
}

/** Recent finishes, latest last, better for stronger runners: "3-142" (horses), "2141" (dogs). */
function formLine(key: string, name: string, rating: number, field: number, isDogs: boolean): string {
  const next = streamFor(key, 'form', name);
  const runs = 3 + Math.floor(next() * 4);
  let form = '';
  for (let i = 0; i < runs; i++) {
    // Strong runners tend to finish near the front; a 0 is tenth or worse.
    const skill = 1 / (1 + Math.exp(rating * 1.5));
    const position = 1 + Math.floor(next() * skill * 2 * field);
    const mark = position >= 10 ? '0' : String(Math.min(position, isDogs ? field : 9));
    if (!isDogs && i > 0 && next() < 0.15) form += '-';
    form += !isDogs && next() < 0.03 ? 'P' : mark;
  }
  return form;
}

/** The race's card: a pure function of its feed key (field, names, riders, form, strengths). */
export function raceCard(key: string, sportId: number, venue: RaceVenue): RaceCard {
  const isDogs = sportId === GREYHOUND_RACING_SPORT_ID;
  const size = fieldSize(key, isDogs, venue);
  const names = new Set<string>();
  const next = streamFor(key, 'names');
  while (names.size < size) {
    const name = isDogs
      ? `${pick(DOG_FIRST, next())} ${pick(DOG_SECOND, next())}`
      : `${pick(HORSE_FIRST, next())} ${pick(HORSE_SECOND, next())}`;
    names.add(name);
  }
  const riders = [...JOCKEYS[venue.region]].sort((a, b) => unitFor(key, 'jockey', a) - unitFor(key, 'jockey', b));
  const runners = [...names].map((name, index): RaceCardRunner => {
    // A sum of uniforms: roughly normal strengths, so a race has a favourite and outsiders.
    const rating = (unitFor(key, name, 1) + unitFor(key, name, 2) + unitFor(key, name, 3) - 1.5) * 1.6;
    return {
      name,
      clothNumber: index + 1,
      ...(isDogs ? {} : { jockey: riders[index % riders.length] ?? '' }),
      form: formLine(key, name, rating, size, isDogs),
      rating,
    };
  });
  const distance = pick(venue.distances, unitFor(key, 'distance'));
  const title = `${distance}m ${pick(isDogs ? DOG_GRADES[venue.region] : HORSE_CLASSES[venue.region], unitFor(key, 'class'))}`;
  const metresPerSecond = isDogs ? SPEED_M_PER_S.greyhound : SPEED_M_PER_S.horse;
  const durationSimMs = Math.round((distance / metresPerSecond) * (0.97 + unitFor(key, 'pace') * 0.06) * 1000);
  return { title, distance, durationSimMs, runners };
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "Mumbai 13:30": the venue and the off time on the venue's own clock. */
export function raceName(venue: RaceVenue, simTime: number): string {
  let format = clocks.get(venue.timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: venue.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(venue.timeZone, format);
  }
  return `${venue.name} ${format.format(simTime)}`;
}

/**
 * Each runner's chance of finishing in the first `places` (Harville's model: once a runner
 * finishes, the rest share the next place in proportion to their win chances). The chances sum
 * to `places`.
 */
export function placeChances(win: readonly number[], places: number): number[] {
  return win.map((p, i) => {
    let chance = p;
    if (places < 2) return chance;
    win.forEach((first, j) => {
      if (j === i || first >= 1) return;
      const second = p / (1 - first);
      chance += first * second;
      if (places < 3) return;
      win.forEach((other, k) => {
        if (k === i || k === j) return;
        const left = 1 - first - other;
        if (left <= 0) return;
        chance += first * (other / (1 - first)) * (p / left);
      });
    });
    return Math.min(1, chance);
  });
}

/** The finishing order (indices into the field), drawn place by place by the runners' chances. */
export function finishingOrder(key: string, win: readonly number[]): number[] {
  const left = win.map((chance, index) => ({ chance, index }));
  const order: number[] = [];
  while (left.length > 0) {
    const total = left.reduce((sum, runner) => sum + runner.chance, 0);
    let draw = unitFor(key, 'finish', order.length) * total;
    let at = 0;
    for (; at < left.length - 1; at++) {
      draw -= left[at]?.chance ?? 0;
      if (draw < 0) break;
    }
    const [picked] = left.splice(at, 1);
    if (picked) order.push(picked.index);
  }
  return order;
}
