import { readFileSync } from 'node:fs';
import path from 'node:path';
import { POSTING_KINDS } from '@app/shared';
import { describe, expect, it } from 'vitest';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n');
const LANGUAGES = ['en', 'hi', 'bn'] as const;

function kindTexts(language: string): Record<string, unknown> {
  const file = JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')) as {
    wallet?: { kinds?: Record<string, unknown> };
  };
  return file.wallet?.kinds ?? {};
}

/** Every posting kind reads as words on the account statement, in every language (docs/wallet.md). */
describe('posting kind texts', () => {
  it.each(LANGUAGES)('has a %s text for every posting kind of the closed list', (language) => {
    const texts = kindTexts(language);
    const missing = POSTING_KINDS.filter((kind) => typeof texts[kind] !== 'string' || (texts[kind] as string).trim() === '');
    expect(missing, `posting kinds without ${language} text in wallet.kinds.*`).toEqual([]);
  });

  it('keeps no text for a kind the ledger does not write', () => {
    for (const language of LANGUAGES) {
      const stray = Object.keys(kindTexts(language)).filter((kind) => !(POSTING_KINDS as readonly string[]).includes(kind));
      expect(stray, `${language} wallet.kinds.* keys that are not posting kinds`).toEqual([]);
    }
  });

  it('translates rather than copies: Hindi and Bengali texts differ from English', () => {
    const english = kindTexts('en');
    for (const language of ['hi', 'bn']) {
      const texts = kindTexts(language);
      expect(
        POSTING_KINDS.filter((kind) => texts[kind] === english[kind]),
        `${language} texts identical to English`,
      ).toEqual([]);
    }
  });
});
