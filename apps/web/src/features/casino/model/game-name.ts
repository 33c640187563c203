import type { CasinoGame } from '@app/shared';
import type { TFunction } from 'i18next';

/**
 * The key of a game's name in the player's language: `casino.gameNames.{provider}.{game}`. Keyed by
 * provider, as game codes are unique only within one (another provider's `dice` is its own game).
 */
export function gameNameKey(game: Pick<CasinoGame, 'code' | 'provider_code'>): string {
  return `casino.gameNames.${game.provider_code}.${game.code}`;
}

/** A tile's name: the translated one where the game has it, else the name the catalogue gives. */
export function gameDisplayName(t: TFunction, game: Pick<CasinoGame, 'code' | 'provider_code' | 'name'>): string {
  // A game code may hold a `:`, which is not a namespace here; one with a `.` simply has no translation.
  return t(gameNameKey(game), { defaultValue: game.name, nsSeparator: false });
}

/** Our own provider's code, whose game pages these are (docs/casino.md, "Operator commands"). */
const OWN_PROVIDER_CODE = 'originals';

/** The heading of one of our own game pages: the same name as its tile. */
export function ownGameName(t: TFunction, code: string, name: string): string {
  return gameDisplayName(t, { code, provider_code: OWN_PROVIDER_CODE, name });
}
