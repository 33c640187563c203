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

/** Rolls 0.00 … 100.00: 10 001 equally likely outcomes, as Stake's Dice. */
export const DICE_OUTCOMES = 10_001;

/** The roll in hundredths (0 … 10 000): floor(f × 10 001), Stake's `(float * 10001) / 100` to two decimals. */
export function diceRollHundredths(float: number): number {
  return Math.floor(float * DICE_OUTCOMES);
}

/** Winning rolls out of 10 001: under t wins on 0.00 … t − 0.01, over t on t + 0.01 … 100.00. */
export function diceWinningRolls(params: DiceParams): number {
  const target = Math.round(params.target * 100);
  return params.direction === 'under' ? target : 10_000 - target;
}

/**
 * The multiplier (×10 000) of a winning bet: 99 / win chance in percent, the chance being t for
 * "under t" and 100 − t for "over t" (Stake's payout), rounded down.
 */
export function diceMultiplier(params: DiceParams): number {
  return Math.floor((99 * MULTIPLIER_SCALE * 100) / diceWinningRolls(params));
}

/**
 * Dice: roll = floor(f × 10 001) / 100. It pays 99 / chance, and the chance it states leaves out
 * one roll in 10 001, so the exact RTP is multiplier × winning rolls / 10 001 (98.99% at 50).
 */
export const dice = defineFairGame({
  code: 'dice',
  name: 'Dice',
  category: 'super-game',
  params: diceParams,
  floatCount: () => 1,
  resolve(floats, params) {
    const roll = diceRollHundredths(nthFloat(floats, 0));
    const target = Math.round(params.target * 100);
    const isWin = params.direction === 'under' ? roll < target : roll > target;
    return { outcome: { roll: roll / 100 }, multiplier: isWin ? diceMultiplier(params) : 0 };
  },
  rtpPercent: (params) => Math.round((diceMultiplier(params) * diceWinningRolls(params)) / DICE_OUTCOMES) / 100,
  benchParams: { target: 50, direction: 'under' },
});
