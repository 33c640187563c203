// Base styles first, so component styles come after them in the cascade.
import './styles/base.css';
import './styles/fonts.css';
// What runs before the app: the frame's data and the translations start loading at once. Deep
// imports, so this first module graph stays small (docs/shell.md "Speed").
import { FRAME_DATA_WAIT_MS, frameDataOrTimeout, PAINTED_PAGE_WAIT_MS, prefetchFrameData } from '@/app/frame-data';
import { preloadRoute, seedPaintedState } from '@/app/route-data';
import { applyBrandColorsAndTitle } from '@/features/shell/components/branding';
import { initialGlobalSettings } from '@/lib/global-settings';
import { DEFAULT_LANGUAGE, initI18n, type LanguageCode, storedLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { renderApp as RenderApp } from '@/app/render-app';

const container = document.getElementById('root');

/** Shown when the translations or the app itself did not load, so it cannot come from the translations. */
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

/**
 * The app itself (React DOM, the router, the frame and the pages), fetched with the page (the
 * build preloads it: vite.config.ts) and evaluated here in two tasks of their own, React DOM
 * first, rather than in one long task with everything else (docs/shell.md "Speed").
 */
function loadApp(): Promise<typeof RenderApp> {
  return import('react-dom/client').then(() => import('@/app/render-app')).then((module) => module.renderApp);
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Without translations or the app's code nothing readable can render; say so plainly, in the player's language. */
function showLoadFailed(root: HTMLElement): void {
  const language = languageOrDefault();
  document.documentElement.lang = language;
  root.textContent = LOAD_FAILED[language];
}

/**
 * Translations (and the stylesheet) load first so the first render is already in the player's
 * language; the frame's data loads meanwhile, so the first render shows it rather than rendering
 * everything again when it arrives (app/frame-data.ts).
 */
async function start(root: HTMLElement): Promise<void> {
  // The page's settings (or those of the last visit) paint the operator's colours and title at once.
  const settings = initialGlobalSettings();
  if (settings) applyBrandColorsAndTitle(settings);
  // Each start-up step in a task of its own (the first storage read and each request cost a few
  // milliseconds), so none of them adds up to a long task on a slow phone.
  await nextTask();
  const queryClient = createQueryClient();
  const frameData = prefetchFrameData(queryClient);
  // A sports page's prices came painted in the page; its code and any data it lacks start now,
  // with the app's own code (app/route-data.ts).
  seedPaintedState(queryClient);
  const routeData = preloadRoute(location.pathname, queryClient);
  await nextTask();
  const styles = stylesheetsLoaded();
  const app = loadApp();
  // Handled below; this keeps a failed load from being reported as unhandled meanwhile.
  void app.catch(() => undefined);
  try {
    await initI18n();
  } catch {
    showLoadFailed(root);
    return;
  }
  await styles;
  // The first render waits (at most FRAME_DATA_WAIT_MS) for what it shows first: on a sports page
  // its prices and code, which then paint in that render, not after the frame's slower lists
  // (the live counts, the lobby), which fill in when they come; elsewhere the frame's data.
  // A page the server painted is on screen already: it stays until the app can show it whole.
  const isPainted = root.querySelector('.shell--boot #main-content') !== null;
  await frameDataOrTimeout(routeData ?? frameData, isPainted ? PAINTED_PAGE_WAIT_MS : FRAME_DATA_WAIT_MS);
  let renderApp: typeof RenderApp;
  try {
    renderApp = await app;
  } catch {
    showLoadFailed(root);
    return;
  }
  renderApp(root, queryClient);
}

/**
 * The operator console (/admin) is a section of its own, loaded only there: a player's page never
 * downloads its code, styles or texts (docs/console.md). Nothing of the site's start-up runs for it.
 */
function isConsolePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

if (container && isConsolePath(location.pathname)) {
  // The server paints the site's frame into every page; the console shows none of it.
  container.replaceChildren();
  void import('@/features/console').then((module) => module.renderConsole(container)).catch(() => showLoadFailed(container));
} else if (container) void start(container);
