import { z } from 'zod';
import { MULTIPLIER_SCALE } from '../floats';
import { defineFairGame, nthFloat } from '../game';

/** Hundredths, as typed: 2 decimals at most. */
const hundredths = z
  .number()
  .refine(
    (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'at most 2 decimals',
  );

export const diceParams = z.strictObject({
  target: hundredths.refine((value) => value >= 1 && value <= 98.99, 'Target must be from 1.00 to 98.99'),
  direction: z.enum(['under', 'over']),
});
export type DiceParams = z.infer<typeof diceParams>;

/** Winning rolls out of 10 000 (rolls 0.00 … 99.99). */
export function diceWinningRolls(params: DiceParams): number {
  const target = Math.round(params.target * 100);
  return params.direction === 'under' ? target : 9_999 - target;
}

/** Dice: roll = floor(f × 10 000) / 100; pays 99 / win chance (1% house edge). */
export const dice = defineFairGame({
  code: 'dice',
  name: 'Dice',
  category: 'super-game',
  params: diceParams,
  floatCount: () => 1,
  resolve(floats, params) {
    const roll = Math.floor(nthFloat(floats, 0) * 10_000);
    const target = Math.round(params.target * 100);
    const isWin = params.direction === 'under' ? roll < target : roll > target;
    const multiplier = Math.floor((99 * MULTIPLIER_SCALE * 100) / diceWinningRolls(params));
    return { outcome: { roll: roll / 100 }, multiplier: isWin ? multiplier : 0 };
  },
  rtpPercent: () => 99,
  benchParams: { target: 50, direction: 'under' },
});
