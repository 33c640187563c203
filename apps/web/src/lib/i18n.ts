import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storageKeys } from './storage';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
  { code: 'bn', label: 'বাংলা' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isLanguageCode(value: string | null): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

export function storedLanguage(): LanguageCode {
  const stored = localStorage.getItem(storageKeys.language);
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * The language also goes into a cookie, so the server can name it in the page it sends and have
 * the browser fetch its translations alongside the scripts (web-app.routes.ts); the time zone
 * too, so the start times the server paints into a sports page are the player's (web-shell.ts).
 */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
function rememberLanguageForServer(language: LanguageCode): void {
  document.cookie = `lang=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (timeZone)
    document.cookie = `tz=${encodeURIComponent(timeZone)}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

async function fetchTranslations(language: LanguageCode): Promise<Record<string, unknown>> {
  const response = await fetch(`/assets/i18n/${language}.json`);
  if (!response.ok) throw new Error(`Translations for ${language} did not load`);
  return (await response.json()) as Record<string, unknown>;
}

/** Loads the stored language (default en) from ./assets/i18n/{lang}.json, then starts i18next. */
export async function initI18n(): Promise<typeof i18next> {
  const language = storedLanguage();
  const resources = await fetchTranslations(language);
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: resources } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  rememberLanguageForServer(language);
  return i18next;
}

/** Switches the language, loading its file on first use, and remembers the choice. */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await fetchTranslations(language));
  }
  await i18next.changeLanguage(language);
  localStorage.setItem(storageKeys.language, language);
  document.documentElement.lang = language;
  rememberLanguageForServer(language);
}
