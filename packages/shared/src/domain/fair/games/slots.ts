import { z } from 'zod';
import { defineFairGame } from '../game';
import {
  PAYLINES_3X3,
  PAYLINES_5X3,
  playSlotRound,
  ratioPercent,
  slotFloatCount,
  slotRtpExact,
  type SlotDefinition,
} from '../slots';

/**
 * Classic Sevens: 3 reels of 20, 1 to 5 lines (the stake is split over the lines played), pays
 * only along lines; cherries pay from one. Low volatility.
 */
export const CLASSIC_SEVENS: SlotDefinition = {
  reels: ['C7LOBWCLOWCBLOCWLOCB', 'LCOBWL7OCLWBOLCWOLBC', 'OLBCW7LOCWLBOCLWOBLC'],
  kind: 'lines',
  paylines: PAYLINES_3X3,
  pays: {
    '7': [0, 0, 0, 300],
    B: [0, 0, 0, 60],
    W: [0, 0, 0, 33],
    O: [0, 0, 0, 21],
    L: [0, 0, 0, 12],
    C: [0, 0, 3, 18],
  },
  units: 5,
};

/** Temple Twenty: 5 reels of 30, 20 fixed lines, runs of 3 to 5 from the left. Medium volatility. */
export const TEMPLE_TWENTY: SlotDefinition = {
  reels: [
    'TJQKAEPGTJQKAETJQKPTJQAEJQKTAP',
    'JQKTAEPTJGQKAEJQTKPJQAETKQJPAT',
    'QKTJAEPJQKTGAEQKJTPQKAEJTQKPAJ',
    'KTJQAEPKTJQAGEKTQJPKTAEQJKTPAQ',
    'TQJKAEPTQJKAETGQJKPTQAEJKTQPAJ',
  ],
  kind: 'lines',
  paylines: PAYLINES_5X3,
  pays: {
    G: [0, 0, 0, 300, 1500, 6000],
    P: [0, 0, 0, 125, 500, 1800],
    E: [0, 0, 0, 90, 300, 1200],
    A: [0, 0, 0, 30, 125, 600],
    K: [0, 0, 0, 30, 90, 500],
    Q: [0, 0, 0, 25, 60, 300],
    J: [0, 0, 0, 20, 50, 250],
    T: [0, 0, 0, 12, 40, 180],
  },
  units: 20,
};

/** Lotus Ways: 5 reels of 24, 243 ways (a symbol anywhere on adjacent reels from the left). */
export const LOTUS_WAYS: SlotDefinition = {
  reels: [
    'AKQJLMDAKQJLAKQJMAKQJLDA',
    'KQJALMKQDJAKQLJAMKQJADKQ',
    'QJAKLMQJAKDQJLAKMQJAKQDJ',
    'JAKQLMJADKQJLAKQMJAKQJDA',
    'AQKJLMAQKJDAQLKJAMQKJAQD',
  ],
  kind: 'ways',
  paylines: [],
  pays: {
    D: [0, 0, 0, 120, 350, 1200],
    M: [0, 0, 0, 60, 170, 600],
    L: [0, 0, 0, 45, 120, 450],
    A: [0, 0, 0, 20, 45, 170],
    K: [0, 0, 0, 20, 45, 170],
    Q: [0, 0, 0, 10, 30, 120],
    J: [0, 0, 0, 10, 30, 120],
  },
  units: 50,
};

/**
 * Star Spins: 5 reels of 30, 10 lines, and a scatter (S): 3, 4 or 5 anywhere award 8, 12 or 15
 * free spins at the same stake on scatter-free reels, wins doubled (no retrigger). High volatility.
 */
export const STAR_SPINS: SlotDefinition = {
  reels: [
    'TJQKAMRSTJQKAMTJQKVTJQAMJQKTAR',
    'JQKTAMRTJVQKAMJQTKRJSQAMTKQJRA',
    'QKTJAMRJQKTVAMQKJTRQKAMJSTQKRA',
    'KTJQAMRKTJQAVMKTQJRKTAMQJKSTRA',
    'TQJKAMRTQJKAMTVQJKRTQAMJKTQRSA',
  ],
  kind: 'lines',
  paylines: PAYLINES_5X3.slice(0, 10),
  pays: {
    V: [0, 0, 0, 200, 600, 2000],
    R: [0, 0, 0, 100, 250, 500],
    M: [0, 0, 0, 80, 200, 400],
    A: [0, 0, 0, 35, 120, 300],
    K: [0, 0, 0, 35, 90, 250],
    Q: [0, 0, 0, 40, 80, 200],
    J: [0, 0, 0, 18, 70, 180],
    T: [0, 0, 0, 14, 60, 150],
  },
  units: 10,
  freeSpins: {
    scatter: 'S',
    awards: { 3: 8, 4: 12, 5: 15 },
    reels: [
      'TJQKAMRVTJQKAMTJQKVTJQAMJQKTAR',
      'JQKTAMRTJVQKAMJQTKRJVQAMTKQJRA',
      'QKTJAMRJQKTVAMQKJTRQKAMJVTQKRA',
      'KTJQAMRKTJQAVMKTQJRKTAMQJKVTRA',
      'TQJKAMRTQJKAMTVQJKRTQAMJKTQRVA',
    ],
    multiplier: 2,
  },
};

const noParams = z.strictObject({});
const classicParams = z.strictObject({
  lines: z.number().int('Lines must be a whole number').min(1, 'Play 1 to 5 lines').max(5, 'Play 1 to 5 lines'),
});

export const SLOT_DEFINITIONS = {
  'classic-sevens': CLASSIC_SEVENS,
  'temple-twenty': TEMPLE_TWENTY,
  'lotus-ways': LOTUS_WAYS,
  'star-spins': STAR_SPINS,
} as const;
export type SlotCode = keyof typeof SLOT_DEFINITIONS;

export function isSlotCode(code: string): code is SlotCode {
  return Object.hasOwn(SLOT_DEFINITIONS, code);
}

/** Each slot's exact RTP in percent (2 decimals); the exact fraction is slotRtpExact(definition). */
export const SLOT_RTP_PERCENT = Object.fromEntries(
  Object.entries(SLOT_DEFINITIONS).map(([code, slot]) => [code, ratioPercent(slotRtpExact(slot))]),
) as Record<SlotCode, number>;

export const classicSevens = defineFairGame({
  code: 'classic-sevens',
  name: 'Classic Sevens',
  category: 'slot',
  params: classicParams,
  floatCount: () => slotFloatCount(CLASSIC_SEVENS),
  resolve: (floats, params) => playSlotRound(CLASSIC_SEVENS, floats, params.lines),
  rtpPercent: () => SLOT_RTP_PERCENT['classic-sevens'],
  benchParams: { lines: 5 },
});

export const templeTwenty = defineFairGame({
  code: 'temple-twenty',
  name: 'Temple Twenty',
  category: 'slot',
  params: noParams,
  floatCount: () => slotFloatCount(TEMPLE_TWENTY),
  resolve: (floats) => playSlotRound(TEMPLE_TWENTY, floats, TEMPLE_TWENTY.paylines.length),
  rtpPercent: () => SLOT_RTP_PERCENT['temple-twenty'],
  benchParams: {},
});

export const lotusWays = defineFairGame({
  code: 'lotus-ways',
  name: 'Lotus Ways',
  category: 'slot',
  params: noParams,
  floatCount: () => slotFloatCount(LOTUS_WAYS),
  resolve: (floats) => playSlotRound(LOTUS_WAYS, floats, 0),
  rtpPercent: () => SLOT_RTP_PERCENT['lotus-ways'],
  benchParams: {},
});

export const starSpins = defineFairGame({
  code: 'star-spins',
  name: 'Star Spins',
  category: 'slot',
  params: noParams,
  floatCount: () => slotFloatCount(STAR_SPINS),
  resolve: (floats) => playSlotRound(STAR_SPINS, floats, STAR_SPINS.paylines.length),
  rtpPercent: () => SLOT_RTP_PERCENT['star-spins'],
  benchParams: {},
});
