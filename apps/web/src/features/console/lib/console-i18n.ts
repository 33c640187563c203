import i18next from 'i18next';
import { changeLanguage, initI18n, type LanguageCode } from '@/lib/i18n';

/**
 * The console's texts are a namespace of their own (`admin`), in files of their own
 * (`/assets/i18n/admin/{lang}.json`) that only the console loads: players never download them.
 * The site's own file is loaded too, for the shared texts (common.*, errors.*).
 */
async function fetchConsoleTexts(language: string): Promise<Record<string, unknown>> {
  const response = await fetch(`/assets/i18n/admin/${language}.json`);
  if (!response.ok) throw new Error(`Console translations for ${language} did not load`);
  return (await response.json()) as Record<string, unknown>;
}

export async function initConsoleI18n(): Promise<void> {
  await initI18n();
  const language = i18next.language;
  i18next.addResourceBundle(language, 'admin', await fetchConsoleTexts(language));
}

export async function changeConsoleLanguage(language: LanguageCode): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'admin')) {
    i18next.addResourceBundle(language, 'admin', await fetchConsoleTexts(language));
  }
  await changeLanguage(language);
}
