import { z } from 'zod';
import { defineFairGame, nthFloat } from '../game';

/** The highest point a round can reach: 1 000 000×. */
export const MAX_CRASH_HUNDREDTHS = 100_000_000;

/**
 * The crash point in hundredths: floor(99 / (1 − f)), at least 1.00×. P(point ≥ m) = 0.99 / m,
 * so cashing out at any m returns 99%.
 */
export function crashPointHundredths(float: number): number {
  const point = Math.floor(99 / (1 - float));
  return Math.min(MAX_CRASH_HUNDREDTHS, Math.max(100, point));
}

export const targetMultiplier = z
  .number()
  .min(1.01, 'Target must be at least 1.01')
  .max(MAX_CRASH_HUNDREDTHS / 100, 'Target is too high')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Target has at most 2 decimals');

export const limboParams = z.strictObject({ target: targetMultiplier });
export type LimboParams = z.infer<typeof limboParams>;

/** Limbo: the result is a crash point; the bet wins its target when the result reaches it. */
export const limbo = defineFairGame({
  code: 'limbo',
  name: 'Limbo',
  category: 'super-game',
  params: limboParams,
  floatCount: () => 1,
  resolve(floats, params) {
    const result = crashPointHundredths(nthFloat(floats, 0));
    const target = Math.round(params.target * 100);
    return { outcome: { result: result / 100 }, multiplier: result >= target ? target * 100 : 0 };
  },
  rtpPercent: () => 99,
  benchParams: { target: 2 },
});
