import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_STATUS, RG_LIMIT_KINDS, RG_PERIODS } from '@app/shared';
import { describe, expect, it } from 'vitest';

const I18N_DIR = path.resolve(import.meta.dirname, '../../public/assets/i18n');
const LANGUAGES = ['en', 'hi', 'bn'] as const;

function errorTexts(language: string): Record<string, unknown> {
  const file = JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')) as { errors?: Record<string, unknown> };
  return file.errors ?? {};
}

/** Every refusal code of the contract is shown in the player's language (docs/shell.md, "Errors"). */
describe('refusal texts', () => {
  const codes = Object.keys(ERROR_STATUS);

  it.each(LANGUAGES)('has a %s text for every error code of the contract', (language) => {
    const texts = errorTexts(language);
    const missing = codes.filter((code) => typeof texts[code] !== 'string' || (texts[code] as string).trim() === '');
    expect(missing, `codes without ${language} text in errors.*`).toEqual([]);
  });

  it.each(LANGUAGES)('names a limit refusal in %s from its data: every limit, the limit and what is left', (language) => {
    const details = errorTexts(language).details as {
      LIMIT_REACHED?: string;
      limitNames?: Record<string, Record<string, string>>;
    };
    for (const placeholder of ['{{name}}', '{{limit}}', '{{left}}']) expect(details.LIMIT_REACHED).toContain(placeholder);
    for (const kind of RG_LIMIT_KINDS) {
      for (const period of RG_PERIODS) expect(details.limitNames?.[kind]?.[period], `${kind} ${period}`).toMatch(/\S/);
    }
    if (language !== 'en') {
      const english = errorTexts('en').details as typeof details;
      expect(details.LIMIT_REACHED).not.toBe(english.LIMIT_REACHED);
      expect(details.limitNames?.loss?.day).not.toBe(english.limitNames?.loss?.day);
    }
  });

  it('translates rather than copies: Hindi and Bengali texts differ from English', () => {
    const english = errorTexts('en');
    for (const language of ['hi', 'bn']) {
      const texts = errorTexts(language);
      const copied = codes.filter((code) => texts[code] === english[code]);
      expect(copied, `${language} texts identical to English`).toEqual([]);
    }
  });
});
