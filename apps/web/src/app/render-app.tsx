import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * Replaces the server-painted frame with the app. A transition: React renders the first page in
 * slices and lets the browser breathe between them, instead of one long task on a slow phone (the
 * painted frame shows meanwhile).
 */
export function renderApp(container: HTMLElement, queryClient: QueryClient): void {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
}
