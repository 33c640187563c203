import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RG_LIMIT_KINDS, RG_PERIODS, SELF_EXCLUSION_DURATIONS, TIME_OUT_DURATIONS } from '@app/shared';
import { describe, expect, it } from 'vitest';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n');
const COMPONENTS_DIR = path.resolve(import.meta.dirname, '../components');
const LANGUAGES = ['en', 'hi', 'bn'] as const;

const translations = Object.fromEntries(
  LANGUAGES.map((language) => [language, JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')) as unknown]),
);

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

/** Every literal `'rg.…'` key in the components, and the keys they build from the closed lists. */
function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const file of readdirSync(COMPONENTS_DIR)) {
    const source = readFileSync(path.join(COMPONENTS_DIR, file), 'utf8');
    for (const [, key] of source.matchAll(/'(rg\.[\w.]+)'/g)) keys.add(key ?? '');
  }
  for (const period of RG_PERIODS) {
    keys.add(`rg.periods.${period}`);
    keys.add(`rg.windows.${period}`);
    for (const kind of RG_LIMIT_KINDS) keys.add(`rg.limits.name.${kind}.${period}`);
  }
  for (const kind of RG_LIMIT_KINDS) for (const part of ['title', 'about']) keys.add(`rg.limits.kinds.${kind}.${part}`);
  for (const problem of ['required', 'invalid', 'decimals', 'zero', 'tooLarge']) keys.add(`rg.limits.problems.${problem}`);
  for (const kind of ['time_out', 'self_exclusion']) {
    for (const part of ['title', 'about', 'start', 'started', 'runsUntil', 'confirmTitle', 'confirm', 'confirmUntil']) {
      keys.add(`rg.pause.${kind}.${part}`);
    }
  }
  for (const duration of [...TIME_OUT_DURATIONS, ...SELF_EXCLUSION_DURATIONS]) keys.add(`rg.pause.durations.${duration}`);
  // Counted texts: i18next picks the plural form.
  for (const counted of ['rg.session.everyMinutes', 'rg.reality.intro']) {
    keys.delete(counted);
    keys.add(`${counted}_one`);
    keys.add(`${counted}_other`);
  }
  keys.add('account.menu.safePlay');
  keys.add('account.menu.limitsAndBreaks');
  return [...keys];
}

describe('responsible play texts', () => {
  it('has every key the controls, the reality check and the banner use, in English, Hindi and Bengali, translated', () => {
    const keys = usedKeys();
    expect(keys.length).toBeGreaterThan(120);
    const missing: string[] = [];
    const copied: string[] = [];
    for (const key of keys) {
      const english = lookup(translations.en, key);
      if (typeof english !== 'string' || english.trim() === '') missing.push(`en ${key}`);
      for (const language of ['hi', 'bn'] as const) {
        const translated = lookup(translations[language], key);
        if (typeof translated !== 'string' || translated.trim() === '') missing.push(`${language} ${key}`);
        else if (/[a-z]{3}/i.test(String(english)) && translated === english) copied.push(`${language} ${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(copied).toEqual([]);
  });

  it('keeps the placeholders of every text in each language', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const key of usedKeys()) {
      const english = placeholders(lookup(translations.en, key));
      for (const language of ['hi', 'bn'] as const) {
        expect(placeholders(lookup(translations[language], key)), `${language} ${key}`).toEqual(english);
      }
    }
  });
});
