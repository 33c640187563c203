import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLACE_DISABLED_REASONS } from './bet-slip-summary';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n');
const COMPONENTS_DIR = path.resolve(import.meta.dirname, '../components');
const LANGUAGES = ['en', 'hi', 'bn'] as const;

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

function leafKeys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

const translations = Object.fromEntries(
  LANGUAGES.map((language) => [language, JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')) as unknown]),
);

/** Literal `t('betslip.…')` keys in the components, the reasons and the sides built from names. */
function usedKeys(): string[] {
  const literal = readdirSync(COMPONENTS_DIR)
    .filter((file) => file.endsWith('.tsx'))
    .flatMap((file) =>
      [...readFileSync(path.join(COMPONENTS_DIR, file), 'utf8').matchAll(/t\('(betslip\.[\w.]+)'/g)].map((m) => m[1] ?? ''),
    );
  const reasons = PLACE_DISABLED_REASONS.filter((reason) => reason !== 'noSelection').map(
    (reason) => `betslip.reasons.${reason}`,
  );
  const sides = ['back', 'lay', 'yes', 'no'].map((side) => `betslip.side.${side}`);
  return [...new Set([...literal, ...reasons, ...sides])];
}

describe('bet slip texts', () => {
  it.each(LANGUAGES)('%s has every text the slip shows', (language) => {
    const missing = usedKeys().filter((key) => typeof lookup(translations[language], key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('the three languages have the same keys and keep the placeholders', () => {
    const english = leafKeys(lookup(translations.en, 'betslip'));
    for (const language of LANGUAGES) {
      expect(leafKeys(lookup(translations[language], 'betslip'))).toEqual(english);
      for (const key of english) {
        const placeholders = (text: unknown) => String(text).match(/\{\{\w+\}\}/g) ?? [];
        expect(placeholders(lookup(translations[language], `betslip.${key}`))).toEqual(
          placeholders(lookup(translations.en, `betslip.${key}`)),
        );
      }
    }
  });
});
