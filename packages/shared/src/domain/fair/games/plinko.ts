import { z } from 'zod';
import { MULTIPLIER_SCALE } from '../floats';
import { defineFairGame } from '../game';

/** Multipliers of the buckets, left to right, ×10 000. */
export const PLINKO_TABLES = {
  8: [56_000, 21_000, 11_000, 10_000, 5_000, 10_000, 11_000, 21_000, 56_000],
  12: [100_000, 30_000, 16_000, 14_000, 11_000, 10_000, 5_000, 10_000, 11_000, 14_000, 16_000, 30_000, 100_000],
  16: [
    160_000, 90_000, 20_000, 14_000, 14_000, 12_000, 11_000, 10_000, 5_000, 10_000, 11_000, 12_000, 14_000, 14_000, 20_000,
    90_000, 160_000,
  ],
} as const;

export const plinkoParams = z.strictObject({ rows: z.union([z.literal(8), z.literal(12), z.literal(16)]) });
export type PlinkoParams = z.infer<typeof plinkoParams>;

function binomial(n: number, k: number): number {
  let result = 1;
  for (let index = 0; index < k; index += 1) result = (result * (n - index)) / (index + 1);
  return result;
}

/** The exact RTP of a table: Σ C(rows, k) / 2^rows × multiplier(k). */
export function plinkoRtpPercent(rows: PlinkoParams['rows']): number {
  const table = PLINKO_TABLES[rows];
  let sum = 0;
  table.forEach((multiplier, bucket) => {
    sum += (binomial(rows, bucket) * multiplier) / MULTIPLIER_SCALE;
  });
  return Math.round((sum / 2 ** rows) * 10_000) / 100;
}

/** Plinko: one float per row; a float ≥ 0.5 bounces the ball right. The bucket is the count of right bounces. */
export const plinko = defineFairGame({
  code: 'plinko',
  name: 'Plinko',
  category: 'super-game',
  params: plinkoParams,
  floatCount: (params) => params.rows,
  resolve(floats, params) {
    const path = floats.slice(0, params.rows).map((float) => (float >= 0.5 ? 1 : 0));
    const bucket = path.reduce<number>((sum, step) => sum + step, 0);
    return { outcome: { path, bucket }, multiplier: PLINKO_TABLES[params.rows][bucket] ?? 0 };
  },
  rtpPercent: (params) => plinkoRtpPercent(params.rows),
  benchParams: { rows: 16 },
});
