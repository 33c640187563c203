import type { TFunction } from 'i18next';

/**
 * The feed names its markets in English ("Match Odds", "Bookmaker", "Place"): the common ones
 * are written in the player's language (`marketNames.*`), any other name as the feed gave it.
 */
const MARKET_NAME_KEYS: Readonly<Record<string, string>> = {
  'match odds': 'matchOdds',
  bookmaker: 'bookmaker',
  place: 'place',
  'to be placed': 'place',
  win: 'win',
  'tied match': 'tiedMatch',
  'completed match': 'completedMatch',
};

export function marketNameKey(name: string): string | null {
  return MARKET_NAME_KEYS[name.trim().toLowerCase()] ?? null;
}

export function translateMarketName(t: TFunction, name: string): string {
  const key = marketNameKey(name);
  return key ? t(`marketNames.${key}`) : name;
}
