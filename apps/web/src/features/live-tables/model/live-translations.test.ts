import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LIVE_TABLE_CODES, liveTable, TEEN_PATTI_HANDS } from '@app/shared';
import { describe, expect, it } from 'vitest';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n');
const FEATURE_DIR = path.resolve(import.meta.dirname, '..');

const lookup = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

const translations = Object.fromEntries(
  ['en', 'hi', 'bn'].map((language) => [language, JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8'))]),
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [readFileSync(full, 'utf8')] : [];
  });
}

/** Every literal `t('liveTables.…')` key of the feature, and those it builds from the tables. */
function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const code of LIVE_TABLE_CODES) {
    keys.add(`liveTables.names.${code}`);
    // Straight-up numbers share one text ("Number {{n}}").
    for (const spot of liveTable(code).spots) keys.add(`liveTables.spots.${/^n-\d+$/.test(spot.code) ? 'straight' : spot.code}`);
  }
  for (const color of ['red', 'black', 'green']) keys.add(`liveTables.colors.${color}`);
  for (const hand of TEEN_PATTI_HANDS) keys.add(`liveTables.hands.${hand.replace(/ /g, '-')}`);
  for (const source of sources(FEATURE_DIR)) {
    for (const [, key] of source.matchAll(/\bt\('(liveTables\.[\w.]+)'/g)) keys.add(key ?? '');
  }
  return [...keys];
}

describe('live tables translations', () => {
  it('has every key the table and verifier pages use in English, Hindi and Bengali, in their scripts', () => {
    const keys = usedKeys();
    expect(keys).toContain('liveTables.verifier.hashMatches');
    expect(keys).toContain('liveTables.spots.dozen-2');
    for (const key of keys) {
      const english = lookup(translations.en, key);
      expect(typeof english, `en ${key}`).toBe('string');
      // Texts that are only numbers or letters of a code ("1–18", "Player A") need no script.
      if (!/[a-z]{3}/i.test(String(english).replace(/Player|\{\{\w+\}\}/g, ''))) continue;
      expect(String(lookup(translations.hi, key)), `hi ${key}`).toMatch(/[\u0900-\u097F]/);
      expect(String(lookup(translations.bn, key)), `bn ${key}`).toMatch(/[\u0980-\u09FF]/);
    }
  });
});
