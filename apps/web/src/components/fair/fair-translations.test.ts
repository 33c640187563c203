import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../public/assets/i18n');
const COMPONENTS_DIR = path.resolve(import.meta.dirname, '..');

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

describe('round chain and save-text translations (shared components)', () => {
  it('has every key the chain panels and the save buttons use in English, Hindi and Bengali, in their scripts', () => {
    const keys = new Set<string>();
    for (const source of sources(COMPONENTS_DIR)) {
      for (const [, key] of source.matchAll(/\bt\('((?:fair|common\.saveText)\.[\w.]+)'/g)) keys.add(key ?? '');
    }
    expect(keys).toContain('fair.chain.selfSaltNote');
    expect(keys).toContain('common.saveText.download');
    for (const key of keys) {
      expect(typeof lookup(translations.en, key), `en ${key}`).toBe('string');
      expect(String(lookup(translations.hi, key)), `hi ${key}`).toMatch(/[\u0900-\u097F]/);
      expect(String(lookup(translations.bn, key)), `bn ${key}`).toMatch(/[\u0980-\u09FF]/);
    }
  });
});
