import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SCROLL_TO_TOP_DELAY_MS } from '@app/shared';

/** Spec §2: after each navigation the page scrolls to the top, 100 ms later. */
export function useScrollToTopOnNavigate(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }), SCROLL_TO_TOP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
}
