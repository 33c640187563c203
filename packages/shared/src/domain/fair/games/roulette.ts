import { z } from 'zod';
import { defineFairGame, nthFloat } from '../game';

export const RED_NUMBERS = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36] as const;

export const rouletteParams = z
  .strictObject({
    bet: z.enum(['straight', 'red', 'black', 'odd', 'even', 'low', 'high', 'dozen', 'column']),
    /** straight: 0 … 36; dozen and column: 1 … 3. */
    pick: z.number().int().min(0).max(36).optional(),
  })
  .refine((params) => {
    if (params.bet === 'straight') return params.pick !== undefined;
    if (params.bet === 'dozen' || params.bet === 'column')
      return params.pick !== undefined && params.pick >= 1 && params.pick <= 3;
    return params.pick === undefined;
  }, 'Pick a number for a straight bet, 1 to 3 for a dozen or column, none otherwise');
export type RouletteParams = z.infer<typeof rouletteParams>;

export function isRed(pocket: number): boolean {
  return (RED_NUMBERS as readonly number[]).includes(pocket);
}

/** What each bet pays when it wins (×10 000): a single number 36×, a dozen or column 3×, an even chance 2×. */
export const ROULETTE_PAYS: Readonly<Record<RouletteParams['bet'], number>> = {
  straight: 360_000,
  dozen: 30_000,
  column: 30_000,
  red: 20_000,
  black: 20_000,
  odd: 20_000,
  even: 20_000,
  low: 20_000,
  high: 20_000,
};

/** The wheel's pockets: 0 … 36. */
export const ROULETTE_POCKETS = 37;

/** Whether a bet covers a pocket, and what it pays (×10 000). */
export function roulettePays(params: RouletteParams, pocket: number): number {
  const { bet, pick } = params;
  if (bet === 'straight') return pocket === pick ? ROULETTE_PAYS.straight : 0;
  if (pocket === 0) return 0;
  const covers: Record<Exclude<RouletteParams['bet'], 'straight'>, boolean> = {
    red: isRed(pocket),
    black: !isRed(pocket),
    odd: pocket % 2 === 1,
    even: pocket % 2 === 0,
    low: pocket <= 18,
    high: pocket >= 19,
    dozen: Math.ceil(pocket / 12) === pick,
    column: ((pocket - 1) % 3) + 1 === pick,
  };
  return covers[bet] ? ROULETTE_PAYS[bet] : 0;
}

/** The chance a bet wins: the pockets it covers of the 37. */
export function rouletteWinChance(params: RouletteParams): number {
  let covered = 0;
  for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket += 1) if (roulettePays(params, pocket) > 0) covered += 1;
  return covered / ROULETTE_POCKETS;
}

/** European roulette: one zero, pocket = floor(f × 37); every bet returns 36/37. */
export const roulette = defineFairGame({
  code: 'european-roulette',
  name: 'European Roulette',
  category: 'table-game',
  params: rouletteParams,
  floatCount: () => 1,
  resolve(floats, params) {
    const pocket = Math.floor(nthFloat(floats, 0) * ROULETTE_POCKETS);
    return {
      outcome: { pocket, color: pocket === 0 ? 'green' : isRed(pocket) ? 'red' : 'black' },
      multiplier: roulettePays(params, pocket),
    };
  },
  rtpPercent: () => Math.round((36 / 37) * 10_000) / 100,
  benchParams: { bet: 'red' },
});
