import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** From this width the sidebar sits beside the page and stays open; below it is a drawer. */
export const DESKTOP_MIN_WIDTH_PX = 1024;
const DESKTOP_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`;

function subscribeToDesktop(listener: () => void): () => void {
  const media = window.matchMedia(DESKTOP_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribeToDesktop, () => window.matchMedia(DESKTOP_QUERY).matches);
}

/**
 * The sidebar toggles open and closed (docs/product.md §4). Desktop: open by default, the toggle collapses
 * it. Phones: closed by default, a drawer that closes itself after a navigation.
 */
export function useSidebar() {
  const isDesktop = useIsDesktop();
  const [isDesktopOpen, setDesktopOpen] = useState(true);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname, location.search]);

  const toggle = useCallback(() => {
    if (isDesktop) setDesktopOpen((open) => !open);
    else setDrawerOpen((open) => !open);
  }, [isDesktop]);
  const close = useCallback(() => setDrawerOpen(false), []);

  return { isDesktop, isOpen: isDesktop ? isDesktopOpen : isDrawerOpen, toggle, close };
}
