import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ToastProvider } from '@/components/ui';
import { createQueryClient } from '@/lib/query-client';
import consoleStylesheet from './console.css?url';
import { ConsoleRoutes } from './console-routes';
import { initConsoleI18n } from './lib/console-i18n';

/**
 * Its own stylesheet, linked here: the site's build puts every imported style into the one
 * stylesheet players load (vite.config.ts `cssCodeSplit: false`), so the console's is a file apart.
 */
function linkConsoleStylesheet(): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = consoleStylesheet;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.appendChild(link);
  });
}

/** The operator console under /admin (docs/console.md): loaded only there, never by a player's page. */
export async function renderConsole(container: HTMLElement): Promise<void> {
  document.documentElement.classList.add('console-root');
  await Promise.all([initConsoleI18n(), linkConsoleStylesheet()]);
  const queryClient = createQueryClient({ staleTimeMs: 0 });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ConsoleRoutes />
        </BrowserRouter>
        <ToastProvider />
      </QueryClientProvider>
    </StrictMode>,
  );
}
