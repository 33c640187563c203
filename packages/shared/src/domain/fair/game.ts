import type { z } from 'zod';

export type FairCategory = 'slot' | 'super-game' | 'table-game' | 'virtual-game' | 'SN';

export interface FairResult<O> {
  outcome: O;
  /** Payout per stake in ten-thousandths: 0 loses, 10 000 returns the stake. */
  multiplier: number;
}

/**
 * One provably fair game: how many floats a round takes, and how floats + the player's bet
 * become an outcome and a multiplier. Pure: the same inputs give the same result anywhere.
 */
export interface FairGame<P, O> {
  code: string;
  name: string;
  category: FairCategory;
  /** The player's bet choices (everything but the stake). */
  params: z.ZodType<P>;
  floatCount(params: P): number;
  resolve(floats: readonly number[], params: P): FairResult<O>;
  /** The stated return to player of a bet, in percent. */
  rtpPercent(params: P): number;
  /** The bet the RTP benchmark simulates. */
  benchParams: P;
}

/** `P` comes from the params schema alone (the other members must fit it). */
export function defineFairGame<P, O>(game: { params: z.ZodType<P> } & Omit<FairGame<NoInfer<P>, O>, 'params'>): FairGame<P, O> {
  return game as FairGame<P, O>;
}

export function nthFloat(floats: readonly number[], index: number): number {
  const float = floats[index];
  if (float === undefined) throw new Error(`Float ${index} is missing`);
  return float;
}
