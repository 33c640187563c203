import { useEffect, useSyncExternalStore } from 'react';

/** The current page's own name ("Account statement"), set by the page, read by the shell's title. */
let pageName = '';
const listeners = new Set<() => void>();

function setPageName(name: string): void {
  if (name === pageName) return;
  pageName = name;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page name for the document title; '' on pages that are the site itself (/home). */
export function usePageName(): string {
  return useSyncExternalStore(
    subscribe,
    () => pageName,
    () => '',
  );
}

/** A page names itself for the browser tab and history: "{name} · {site}" (docs/shell.md). */
export function useDocumentPageName(name: string): void {
  useEffect(() => {
    setPageName(name);
    return () => setPageName('');
  }, [name]);
}

/** The document title: the page's name before the site's name (site_title, or the host name). */
export function composeDocumentTitle(name: string, siteName: string): string {
  return name ? `${name} · ${siteName}` : siteName;
}
