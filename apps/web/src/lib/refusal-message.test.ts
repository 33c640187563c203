import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusalMessage } from './api-client';

const I18N_DIR = path.resolve(import.meta.dirname, '../../public/assets/i18n');
const resources = Object.fromEntries(
  ['en', 'hi', 'bn'].map((language) => [
    language,
    { translation: JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')) as object },
  ]),
);
const SERVER = 'This would pass your daily loss limit of ₹150.00: ₹50.00 is left.';
const DATA = { kind: 'loss', period: 'day', limit: 150, left: 50 };

beforeAll(async () => {
  await i18next.init({ resources, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } });
});

/** A limit refusal names the limit and what is left in every language (docs/responsible-play.md). */
describe('a limit refusal in the player’s language', () => {
  it('is the server’s own message in English', async () => {
    await i18next.changeLanguage('en');
    expect(refusalMessage('LIMIT_REACHED', SERVER, DATA)).toBe(SERVER);
  });

  it('names the limit and what is left in Hindi and Bengali, from the refusal’s data', async () => {
    await i18next.changeLanguage('hi');
    expect(refusalMessage('LIMIT_REACHED', SERVER, DATA)).toBe('यह आपकी ₹150.00 की दैनिक हानि सीमा पार कर देगा: ₹50.00 बाकी है।');
    await i18next.changeLanguage('bn');
    expect(refusalMessage('LIMIT_REACHED', SERVER, { ...DATA, kind: 'deposit', period: 'week', limit: 2000, left: 0 })).toBe(
      'এটি আপনার ₹2,000.00-এর সাপ্তাহিক জমার সীমা ছাড়িয়ে যাবে: ₹0.00 বাকি আছে।',
    );
  });

  it('falls back to the code’s translation when the data is missing or unknown', async () => {
    await i18next.changeLanguage('hi');
    const general = i18next.t('errors.LIMIT_REACHED');
    expect(refusalMessage('LIMIT_REACHED', SERVER)).toBe(general);
    expect(refusalMessage('LIMIT_REACHED', SERVER, { ...DATA, kind: 'bonus' })).toBe(general);
    expect(refusalMessage('LIMIT_REACHED', SERVER, { kind: 'loss' })).toBe(general);
  });
});
