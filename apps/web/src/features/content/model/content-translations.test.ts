import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guideSlugs, titleKeyOf } from './content-registry';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n');
const COMPONENTS_DIR = path.resolve(import.meta.dirname, '../components');
const INFO_SLUGS = [
  'provably-fair',
  'responsible-gambling',
  'self-exclusion',
  'privacy',
  'anti-money-laundering',
  'terms',
  'affiliate',
] as const;

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

const translations = Object.fromEntries(
  ['en', 'hi', 'bn'].map((language) => [
    language,
    JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')) as unknown,
  ]),
);

/** Every literal `t('content.…')` key in the components, plus the title keys built from slugs. */
function usedKeys(): string[] {
  const keys = new Set<string>([...INFO_SLUGS, ...guideSlugs].map(titleKeyOf));
  for (const file of readdirSync(COMPONENTS_DIR)) {
    const source = readFileSync(path.join(COMPONENTS_DIR, file), 'utf8');
    for (const [, key] of source.matchAll(/\bt\('(content\.[\w.-]+)'/g)) keys.add(key ?? '');
  }
  return [...keys];
}

describe('content translations', () => {
  it('has every key the pages use in English, Hindi and Bengali, translated', () => {
    const keys = usedKeys();
    expect(keys.length).toBeGreaterThan(40);
    for (const key of keys) {
      const english = lookup(translations.en, key);
      expect(typeof english, `en ${key}`).toBe('string');
      for (const language of ['hi', 'bn']) {
        const translated = lookup(translations[language], key);
        expect(typeof translated, `${language} ${key}`).toBe('string');
        // Technical names (HMAC-SHA256) may stay; anything with words must be in the language's script.
        if (/[a-z]{4}/i.test(String(english).replace(/HMAC-SHA256|SHA-256|AML|https/g, ''))) {
          expect(translated, `${language} ${key}`).not.toBe(english);
        }
      }
    }
  });
});
