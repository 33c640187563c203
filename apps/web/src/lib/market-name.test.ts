import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { marketNameKey } from './market-name';

const I18N_DIR = path.resolve(import.meta.dirname, '../../public/assets/i18n');
const namesOf = (language: string) =>
  (JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')) as { marketNames?: Record<string, string> })
    .marketNames ?? {};

describe('market names in the player’s language', () => {
  it('knows the feed’s common names whatever their case, and leaves others alone', () => {
    expect(marketNameKey('Match Odds')).toBe('matchOdds');
    expect(marketNameKey(' BOOKMAKER ')).toBe('bookmaker');
    expect(marketNameKey('Place')).toBe('place');
    expect(marketNameKey('Over/Under 2.5 Goals')).toBeNull();
  });

  it('has a text for each in en, hi and bn, and hi and bn are not English', () => {
    const keys = ['matchOdds', 'bookmaker', 'place', 'win', 'tiedMatch', 'completedMatch'];
    for (const key of keys) {
      const texts = ['en', 'hi', 'bn'].map((language) => namesOf(language)[key]);
      expect(
        texts.every((text) => typeof text === 'string' && text.length > 0),
        key,
      ).toBe(true);
      expect(texts[1]).not.toBe(texts[0]);
      expect(texts[2]).not.toBe(texts[0]);
    }
  });
});
