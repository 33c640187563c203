import { z } from 'zod';
import { pickPositions } from '../cards';
import { MULTIPLIER_SCALE } from '../floats';
import { defineFairGame } from '../game';

export const MINES_TILES = 25;

export const minesParams = z
  .strictObject({
    mines: z.number().int().min(1).max(24),
    /** The tiles the player opens (0 … 24, row by row), chosen before the round resolves. */
    tiles: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(MINES_TILES - 1),
      )
      .min(1),
  })
  .refine((params) => new Set(params.tiles).size === params.tiles.length, 'Each tile once')
  .refine((params) => params.tiles.length <= MINES_TILES - params.mines, 'Too many tiles for that many mines');
export type MinesParams = z.infer<typeof minesParams>;

function choose(n: number, k: number): number {
  let result = 1;
  for (let index = 0; index < k; index += 1) result = (result * (n - index)) / (index + 1);
  return result;
}

/** The payout of opening `opened` safe tiles with `mines` mines: 0.99 / P(all safe). */
export function minesMultiplier(mines: number, opened: number): number {
  return Math.floor((0.99 * MULTIPLIER_SCALE * choose(MINES_TILES, opened)) / choose(MINES_TILES - mines, opened));
}

/** The chance that `opened` tiles are all safe with `mines` mines: what minesMultiplier pays against. */
export function minesWinChance(mines: number, opened: number): number {
  return choose(MINES_TILES - mines, opened) / choose(MINES_TILES, opened);
}

/**
 * Mines: the mines sit on `mines` positions picked from the 25 tiles (0 … 24, left to right, top
 * to bottom) as Stake picks them: float i takes floor(f × tiles left) among the tiles still free,
 * in their order. The outcome lists the mines in the order they were picked; every opened tile
 * must be safe.
 */
export const mines = defineFairGame({
  code: 'mines',
  name: 'Mines',
  category: 'super-game',
  params: minesParams,
  floatCount: (params) => params.mines,
  resolve(floats, params) {
    const minePositions = pickPositions(floats, MINES_TILES, params.mines);
    const isSafe = params.tiles.every((tile) => !minePositions.includes(tile));
    return {
      outcome: { mines: minePositions },
      multiplier: isSafe ? minesMultiplier(params.mines, params.tiles.length) : 0,
    };
  },
  rtpPercent: () => 99,
  benchParams: { mines: 3, tiles: [0, 6, 12] },
});
