import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The console's own texts (public/assets/i18n/admin/), apart from the site's: only /admin loads them. */
const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n/admin');

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value))
      for (const [leaf, text] of leaves(inner, prefix ? `${prefix}.${key}` : key)) found.set(leaf, text);
  }
  return found;
}

function texts(language: string): Map<string, string> {
  return leaves(JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')));
}

describe('the console’s texts', () => {
  const english = texts('en');

  it.each(['hi', 'bn'])('%s has every English key, each translated, with the same placeholders', (language) => {
    const translated = texts(language);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of translated) {
      expect(text, `${language} ${key}`).toBeTruthy();
      const wanted = (english.get(key)?.match(/{{\w+}}/g) ?? []).sort();
      expect((text.match(/{{\w+}}/g) ?? []).sort(), `${language} ${key}`).toEqual(wanted);
    }
  });

  it('are not in the site’s own files, which every player downloads', () => {
    for (const language of ['en', 'hi', 'bn']) {
      const site = JSON.parse(readFileSync(path.join(I18N_DIR, '..', `${language}.json`), 'utf8')) as Record<string, unknown>;
      expect(site.admin, language).toBeUndefined();
    }
  });
});
