import type { FairGame } from './game';
import { andarBahar } from './games/andar-bahar';
import { crash } from './games/crash';
import { dice } from './games/dice';
import { dragonTiger } from './games/dragon-tiger';
import { limbo } from './games/limbo';
import { lucky7 } from './games/lucky-7';
import { mines } from './games/mines';
import { plinko } from './games/plinko';
import { roulette } from './games/roulette';
import { classicSevens, lotusWays, starSpins, templeTwenty } from './games/slots';
import { teenPatti } from './games/teen-patti';

/** Our provider's games, by game code. */
export const FAIR_GAMES = {
  dice,
  limbo,
  mines,
  plinko,
  'european-roulette': roulette,
  crash,
  'teen-patti': teenPatti,
  'andar-bahar': andarBahar,
  'dragon-tiger': dragonTiger,
  'lucky-7': lucky7,
  'classic-sevens': classicSevens,
  'temple-twenty': templeTwenty,
  'lotus-ways': lotusWays,
  'star-spins': starSpins,
} as const;

export type FairGameCode = keyof typeof FAIR_GAMES;
export const FAIR_GAME_CODES = Object.keys(FAIR_GAMES) as FairGameCode[];

export function isFairGameCode(code: string): code is FairGameCode {
  return Object.hasOwn(FAIR_GAMES, code);
}

/** A game with its params unknown: validate them with `game.params` first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFairGame = FairGame<any, unknown>;

export function fairGame(code: FairGameCode): AnyFairGame {
  return FAIR_GAMES[code] as AnyFairGame;
}

/**
 * Plays a round from floats: validates the bet, then resolves it. Throws a ZodError on a bad bet.
 */
export function resolveFairRound(code: FairGameCode, floats: readonly number[], rawParams: unknown) {
  const game = fairGame(code);
  const params: unknown = game.params.parse(rawParams);
  return { params, ...game.resolve(floats, params) };
}
