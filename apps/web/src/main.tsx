// Base styles first, so component styles come after them in the cascade.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { router } from '@/app/router';
import { applyBrandColorsAndTitle } from '@/features/shell';
import { readCachedGlobalSettings } from '@/lib/global-settings';
import { DEFAULT_LANGUAGE, initI18n, type LanguageCode, storedLanguage } from '@/lib/i18n';

const container = document.getElementById('root');

/** Shown when the translations themselves did not load, so it cannot come from them. */
const LOAD_FAILED: Record<LanguageCode, string> = {
  en: 'The site could not load. Please check your connection and reload the page.',
  hi: 'साइट लोड नहीं हो सकी। कृपया अपना कनेक्शन जाँचें और पेज फिर से लोड करें।',
  bn: 'সাইটটি লোড করা যায়নি। অনুগ্রহ করে আপনার সংযোগ পরীক্ষা করে পৃষ্ঠাটি আবার লোড করুন।',
};

/** The player's stored language (storageKeys.language), or English when storage cannot be read. */
function languageOrDefault(): LanguageCode {
  try {
    return storedLanguage();
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Translations load first so the first paint is already in the player's language. */
async function start(root: HTMLElement): Promise<void> {
  // The stored settings of the last visit paint the operator's colours and title at once.
  const cachedSettings = readCachedGlobalSettings();
  if (cachedSettings) applyBrandColorsAndTitle(cachedSettings);
  try {
    await initI18n();
  } catch {
    // Without translations nothing readable can render; say so plainly, in the player's language.
    const language = languageOrDefault();
    document.documentElement.lang = language;
    root.textContent = LOAD_FAILED[language];
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

if (container) void start(container);
