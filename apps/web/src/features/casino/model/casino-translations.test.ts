import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n');
const FEATURE_DIR = path.resolve(import.meta.dirname, '..');

/** The text of a key; a plural key (`t('casino.gameCount', { count })`) by its `_other` form. */
function lookup(tree: unknown, key: string): unknown {
  const at = (path: string) =>
    path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  return at(key) ?? at(`${key}_other`);
}

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

/** Every literal `t('casino.…')` key of the casino feature's code, and the ones it builds. */
function usedKeys(): string[] {
  // Keys built at run time, listed here.
  const keys = new Set<string>([
    ...['queued', 'playing', 'used'].map((status) => `casino.chains.status.${status}`),
    // The verifier's readable outcome (model/readable-outcome.ts).
    ...['A', 'B', 'andar', 'bahar', 'dragon', 'tiger', 'low', 'high', 'seven', 'tie'].map(
      (side) => `casino.verify.sides.${side}`,
    ),
    ...['red', 'black', 'green'].map((color) => `casino.verify.colors.${color}`),
    ...['high card', 'pair', 'color', 'sequence', 'pure sequence', 'trail'].map((hand) => `casino.verify.hands.${hand}`),
  ]);
  for (const source of sources(FEATURE_DIR)) {
    for (const [, key] of source.matchAll(/\bt\('(casino\.[\w.]+)'/g)) keys.add(key ?? '');
  }
  return [...keys];
}

describe('casino translations', () => {
  it('has every key the casino pages use in English, Hindi and Bengali, in their scripts', () => {
    const keys = usedKeys();
    expect(keys).toContain('casino.seeds.nextHash');
    expect(keys).toContain('casino.verify.savedTitle');
    expect(keys).toContain('casino.verify.outcome.pocket');
    for (const key of keys) {
      expect(typeof lookup(translations.en, key), `en ${key}`).toBe('string');
      expect(String(lookup(translations.hi, key)), `hi ${key}`).toMatch(/[\u0900-\u097F]/);
      expect(String(lookup(translations.bn, key)), `bn ${key}`).toMatch(/[\u0980-\u09FF]/);
    }
  });
});
