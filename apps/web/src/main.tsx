// Base styles first, so component styles come after them in the cascade.
import './styles/base.css';
import './styles/fonts.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { applyBrandColorsAndTitle } from '@/features/shell';
import { initialGlobalSettings } from '@/lib/global-settings';
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

/**
 * The server puts the stylesheet after the painted frame so the frame paints without waiting for
 * it (web-shell.ts); the app renders once it is in, so no page ever shows unstyled. Under the
 * Vite dev server there is none and this resolves at once.
 */
function stylesheetsLoaded(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-app-style]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          if (link.sheet) return resolve();
          link.addEventListener('load', () => resolve(), { once: true });
          // Without the stylesheet the site is still usable; never hang on it.
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/** Translations (and the stylesheet) load first so the first render is already in the player's language. */
async function start(root: HTMLElement): Promise<void> {
  // The page's settings (or those of the last visit) paint the operator's colours and title at once.
  const settings = initialGlobalSettings();
  if (settings) applyBrandColorsAndTitle(settings);
  const styles = stylesheetsLoaded();
  try {
    await initI18n();
  } catch {
    // Without translations nothing readable can render; say so plainly, in the player's language.
    const language = languageOrDefault();
    document.documentElement.lang = language;
    root.textContent = LOAD_FAILED[language];
    return;
  }
  await styles;
  // A transition: React renders the first page in slices and lets the browser breathe between
  // them, instead of one long task on a slow phone (the server-painted frame shows meanwhile).
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
}

if (container) void start(container);
