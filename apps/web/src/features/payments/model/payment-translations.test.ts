import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEPOSIT_STATUSES, PAYMENT_METHODS, WITHDRAW_STATUSES } from '@app/shared';
import { describe, expect, it } from 'vitest';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n');
const LANGUAGES = ['en', 'hi', 'bn'] as const;

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value))
      for (const [leaf, text] of leaves(inner, prefix ? `${prefix}.${key}` : key)) found.set(leaf, text);
  }
  return found;
}

function paymentTexts(language: string): Map<string, string> {
  const file = JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')) as { payments?: unknown };
  return leaves(file.payments);
}

/** The payments pages read in every language (docs/payments.md): the same keys, translated, every status and method named. */
describe('payments texts', () => {
  const english = paymentTexts('en');

  it.each(LANGUAGES)('%s has every payments text, each status and method', (language) => {
    const texts = paymentTexts(language);
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const status of new Set([...DEPOSIT_STATUSES, ...WITHDRAW_STATUSES]))
      expect(texts.get(`status.${status}`), status).toBeTruthy();
    for (const method of PAYMENT_METHODS) expect(texts.get(`methods.${method}`), method).toBeTruthy();
  });

  it('keeps the placeholders of every text in Hindi and Bengali', () => {
    for (const language of ['hi', 'bn']) {
      for (const [key, text] of paymentTexts(language)) {
        const wanted = (english.get(key)?.match(/{{\w+}}/g) ?? []).sort();
        expect((text.match(/{{\w+}}/g) ?? []).sort(), `${language} payments.${key}`).toEqual(wanted);
      }
    }
  });
});
