import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * For component tests only (never imported by the site): i18next with the site's own en, hi and
 * bn files, so a test reads the texts a player reads.
 */
const I18N_DIR = path.resolve(import.meta.dirname, '../../public/assets/i18n');

export async function initTestI18n(language: 'en' | 'hi' | 'bn' = 'en'): Promise<void> {
  const resources = Object.fromEntries(
    ['en', 'hi', 'bn'].map((code) => [
      code,
      { translation: JSON.parse(readFileSync(path.join(I18N_DIR, `${code}.json`), 'utf8')) as object },
    ]),
  );
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await i18next.changeLanguage(language);
}

/** The console's own texts (`admin` namespace) beside the site's, for the console's component tests. */
export async function initConsoleTestI18n(language: 'en' | 'hi' | 'bn' = 'en'): Promise<void> {
  await initTestI18n(language);
  for (const code of ['en', 'hi', 'bn']) {
    if (i18next.hasResourceBundle(code, 'admin')) continue;
    const texts = JSON.parse(readFileSync(path.join(I18N_DIR, 'admin', `${code}.json`), 'utf8')) as object;
    i18next.addResourceBundle(code, 'admin', texts);
  }
}
