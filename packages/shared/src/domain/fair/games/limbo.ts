import { z } from 'zod';
import { defineFairGame, nthFloat } from '../game';

/** The highest target a bet may name (Limbo and Crash): 1 000 000×. */
export const MAX_CRASH_HUNDREDTHS = 100_000_000;

/** Stake's Limbo house edge factor: results are 0.99 / f. */
const LIMBO_EDGE = 0.99;
/** f = 0 (one round in 2³²) makes Stake's formula infinite; JSON cannot hold that, so it reads 2³²×. */
export const LIMBO_RESULT_AT_ZERO_HUNDREDTHS = 2 ** 32 * 100;

/**
 * Limbo's result in hundredths, Stake's published formula step by step (the order of the
 * floating-point operations matters for the last cent):
 * `floatPoint = 1e8 / (float * 1e8) * 0.99; result = max(floor(floatPoint * 100) / 100, 1)`.
 * P(result ≥ m) = 0.99 / m (to 2⁻³²).
 */
export function limboResultHundredths(float: number): number {
  const floatPoint = (1e8 / (float * 1e8)) * LIMBO_EDGE;
  const hundredths = Math.floor(floatPoint * 100);
  if (!Number.isFinite(hundredths)) return LIMBO_RESULT_AT_ZERO_HUNDREDTHS;
  return Math.max(100, hundredths);
}

const FLOAT_STEPS = 2 ** 32;

/**
 * The exact chance that a result reaches `targetHundredths`: floats are k / 2³², and the result
 * falls as f grows, so it is (the last k that still reaches it + 1) / 2³².
 */
export function limboWinChance(targetHundredths: number): number {
  let low = 0;
  let high = FLOAT_STEPS - 1;
  if (limboResultHundredths(0) < targetHundredths) return 0;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (limboResultHundredths(middle / FLOAT_STEPS) >= targetHundredths) low = middle;
    else high = middle - 1;
  }
  return (low + 1) / FLOAT_STEPS;
}

export const targetMultiplier = z
  .number()
  .min(1.01, 'Target must be at least 1.01')
  .max(MAX_CRASH_HUNDREDTHS / 100, 'Target is too high')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Target has at most 2 decimals');

export const limboParams = z.strictObject({ target: targetMultiplier });
export type LimboParams = z.infer<typeof limboParams>;

/** Limbo: the result is Stake's 0.99 / f; the bet wins its target when the result reaches it. */
export const limbo = defineFairGame({
  code: 'limbo',
  name: 'Limbo',
  category: 'super-game',
  params: limboParams,
  floatCount: () => 1,
  resolve(floats, params) {
    const result = limboResultHundredths(nthFloat(floats, 0));
    const target = Math.round(params.target * 100);
    return { outcome: { result: result / 100 }, multiplier: result >= target ? target * 100 : 0 };
  },
  // Exact: target × P(result ≥ target), 99.00% at every target.
  rtpPercent: (params) => {
    const target = Math.round(params.target * 100);
    return Math.round(target * limboWinChance(target) * 100) / 100;
  },
  benchParams: { target: 2 },
});
