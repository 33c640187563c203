import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { router } from '@/app/router';
import { initI18n } from '@/lib/i18n';
import './styles/base.css';

const container = document.getElementById('root');

/** Translations load first so the first paint is already in the player's language. */
async function start(root: HTMLElement): Promise<void> {
  try {
    await initI18n();
  } catch {
    // Without translations nothing readable can render; say so plainly and offer a reload.
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
