import type { QueryClient } from '@tanstack/react-query';
import { lobbyQuery, providersQuery } from '@/features/casino/api/casino-calls';
import { sportsQuery } from '@/features/shell/api/get-sports';
import { liveMatchesQuery } from '@/features/sports/api/get-event-lists';

/**
 * The longest the first render waits for the frame's data. On a slow phone network the answers
 * come about one round trip after the script starts; a slower or failing API must not keep the
 * painted page from becoming the app.
 */
export const FRAME_DATA_WAIT_MS = 1_500;

/**
 * On a page whose first screen the server painted (a sports page's prices: web-shell.ts), the
 * first render waits this long for the page's code and data: that screen is already in view, and
 * rendering before the page's code is in would swap its prices for a loading state.
 */
export const PAINTED_PAGE_WAIT_MS = 15_000;

/**
 * Fetches what every page's frame shows at once (the sports list, the live counts, the casino
 * lobby and providers behind the Indian casino link), so the first render already has it. Without
 * this the calls started after the first render and each answer rendered the frame again in one
 * long, unsliced task (a query update is synchronous in React), which a phone feels and Lighthouse
 * counts as blocking time (docs/shell.md "Speed"). Settles when all have answered, failed included.
 */
export function prefetchFrameData(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.prefetchQuery(sportsQuery),
    queryClient.prefetchQuery(liveMatchesQuery),
    queryClient.prefetchQuery(lobbyQuery),
    queryClient.prefetchQuery(providersQuery),
  ]).then(() => undefined);
}

/** The frame's data, or the wait's end, whichever comes first. */
export function frameDataOrTimeout(data: Promise<void>, waitMs = FRAME_DATA_WAIT_MS): Promise<void> {
  return Promise.race([data, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}
