// Base styles first, so component styles come after them in the cascade.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { router } from '@/app/router';
import { applyBrandColorsAndTitle } from '@/features/shell';
import { readCachedGlobalSettings } from '@/lib/global-settings';
import { initI18n } from '@/lib/i18n';

const container = document.getElementById('root');

/** Translations load first so the first paint is already in the player's language. */
async function start(root: HTMLElement): Promise<void> {
  // The stored settings of the last visit paint the operator's colours and title at once.
  const cachedSettings = readCachedGlobalSettings();
  if (cachedSettings) applyBrandColorsAndTitle(cachedSettings);
  try {
    await initI18n();
  } catch {
    // Without translations nothing readable can render; say so plainly.
    root.textContent = 'The site could not load. Please check your connection and reload the page.';
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
