import { ANDAR_BAHAR_PAYS, andarBahar } from './fair/games/andar-bahar';
import { ROULETTE_PAYS, roulette } from './fair/games/roulette';
import { TEEN_PATTI_PAYS, teenPatti } from './fair/games/teen-patti';
import type { AnyFairGame } from './fair/registry';

/**
 * Live tables (docs/casino.md, "Live tables"): one shared round every few seconds for every player,
 * drawn with the single-player game's own maths. A round's floats come from
 * HMAC-SHA256(server seed, `${table code}:${round number}:${cursor}`): the client seed is the
 * table's code and the nonce the round number, so /provably-fair recomputes a round like any other.
 */
/** A live table's stake range per bet, in paise: ₹1 to ₹1,00,000 (shown on the lobby's tiles too). */
export const LIVE_MIN_STAKE_PAISE = 100;
export const LIVE_MAX_STAKE_PAISE = 10_000_000;

export interface LiveSpot {
  /** The spot's code, as bets name it. */
  code: string;
  /** The single-player game's bet params this spot is. */
  params: Record<string, unknown>;
}

export interface LiveTable {
  code: string;
  name: string;
  /** The single-player game whose maths draws the round. */
  game: AnyFairGame;
  gameCode: 'andar-bahar' | 'teen-patti' | 'european-roulette';
  spots: readonly LiveSpot[];
}

const ROULETTE_SPOTS: LiveSpot[] = [
  { code: 'red', params: { bet: 'red' } },
  { code: 'black', params: { bet: 'black' } },
  { code: 'odd', params: { bet: 'odd' } },
  { code: 'even', params: { bet: 'even' } },
  { code: 'low', params: { bet: 'low' } },
  { code: 'high', params: { bet: 'high' } },
  { code: 'dozen-1', params: { bet: 'dozen', pick: 1 } },
  { code: 'dozen-2', params: { bet: 'dozen', pick: 2 } },
  { code: 'dozen-3', params: { bet: 'dozen', pick: 3 } },
  { code: 'zero', params: { bet: 'straight', pick: 0 } },
  // Straight up on every number, as at any roulette table: `n-1` … `n-36` (zero keeps its code).
  ...Array.from({ length: 36 }, (_, index) => ({
    code: straightSpot(index + 1),
    params: { bet: 'straight', pick: index + 1 },
  })),
];

/** The spot of a straight-up bet on `pocket` (1 … 36; 0 is `zero`). */
export function straightSpot(pocket: number): string {
  return pocket === 0 ? 'zero' : `n-${pocket}`;
}

/** The pocket a straight-up spot covers, or null for any other spot. */
export function straightPocket(spot: string): number | null {
  if (spot === 'zero') return 0;
  const match = /^n-(\d{1,2})$/.exec(spot);
  const pocket = match ? Number(match[1]) : Number.NaN;
  return pocket >= 1 && pocket <= 36 ? pocket : null;
}

export const LIVE_TABLES = {
  'live-andar-bahar': {
    code: 'live-andar-bahar',
    name: 'Live Andar Bahar',
    game: andarBahar as AnyFairGame,
    gameCode: 'andar-bahar',
    spots: [
      { code: 'andar', params: { side: 'andar' } },
      { code: 'bahar', params: { side: 'bahar' } },
    ],
  },
  'live-teen-patti': {
    code: 'live-teen-patti',
    name: 'Live Teen Patti',
    game: teenPatti as AnyFairGame,
    gameCode: 'teen-patti',
    spots: [
      { code: 'A', params: { side: 'A' } },
      { code: 'B', params: { side: 'B' } },
    ],
  },
  'live-roulette': {
    code: 'live-roulette',
    name: 'Live Roulette',
    game: roulette as AnyFairGame,
    gameCode: 'european-roulette',
    spots: ROULETTE_SPOTS,
  },
} as const satisfies Record<string, LiveTable>;

export type LiveTableCode = keyof typeof LIVE_TABLES;
export const LIVE_TABLE_CODES = Object.keys(LIVE_TABLES) as LiveTableCode[];

export function isLiveTableCode(code: string): code is LiveTableCode {
  return Object.hasOwn(LIVE_TABLES, code);
}

export function liveTable(code: LiveTableCode): LiveTable {
  return LIVE_TABLES[code];
}

export function liveSpot(table: LiveTable, spot: string): LiveSpot | undefined {
  return table.spots.find((candidate) => candidate.code === spot);
}

/**
 * What a spot pays when it wins (×10 000, stake included), shown before the bet: the game's
 * multiplier on an outcome the spot wins. Teen Patti's tie returns the stake on both spots.
 */
export const LIVE_SPOT_PAYS: Record<LiveTableCode, Record<string, number>> = {
  'live-andar-bahar': { ...ANDAR_BAHAR_PAYS },
  'live-teen-patti': { ...TEEN_PATTI_PAYS },
  'live-roulette': {
    red: ROULETTE_PAYS.red,
    black: ROULETTE_PAYS.black,
    odd: ROULETTE_PAYS.odd,
    even: ROULETTE_PAYS.even,
    low: ROULETTE_PAYS.low,
    high: ROULETTE_PAYS.high,
    'dozen-1': ROULETTE_PAYS.dozen,
    'dozen-2': ROULETTE_PAYS.dozen,
    'dozen-3': ROULETTE_PAYS.dozen,
    zero: ROULETTE_PAYS.straight,
    ...Object.fromEntries(Array.from({ length: 36 }, (_, index) => [straightSpot(index + 1), ROULETTE_PAYS.straight])),
  },
};

/** The floats a table's round takes (the same for every spot). */
export function liveFloatCount(table: LiveTable): number {
  const first = table.spots[0];
  if (!first) throw new Error(`Table ${table.code} has no spots`);
  return table.game.floatCount(first.params);
}

export interface LiveRoundResult {
  /** The game's outcome (cards dealt, pocket). */
  outcome: unknown;
  /** Each spot's multiplier on this outcome (×10 000; 0 loses). */
  multipliers: Record<string, number>;
}

/** A round's result from its floats: one outcome, every spot's multiplier. */
export function resolveLiveRound(table: LiveTable, floats: readonly number[]): LiveRoundResult {
  const multipliers: Record<string, number> = {};
  let outcome: unknown = null;
  for (const spot of table.spots) {
    const result = table.game.resolve(floats, spot.params);
    outcome = result.outcome;
    multipliers[spot.code] = result.multiplier;
  }
  return { outcome, multipliers };
}

/** A short text of the outcome for the last-results strip: the winner, or the pocket. */
export function liveResultLabel(code: LiveTableCode, outcome: unknown): string {
  const value = outcome as { winner?: string; pocket?: number; color?: string } | null;
  if (!value) return '';
  if (code === 'live-roulette') return `${value.pocket ?? ''} ${value.color ?? ''}`.trim();
  return value.winner ?? '';
}
