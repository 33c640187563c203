import { PAINTED_STATE_ELEMENT_ID, type PaintedCall, SPORTS } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import { upcomingMatchesQuery } from '@/features/sports/api/get-event-lists';
import { matchesQuery } from '@/features/sports/api/get-matches';
import { seriesQuery } from '@/features/sports/api/get-series';
import { marketsQuery } from '@/features/sports/api/markets-query';
import type * as SportsRoutesModule from './routes/sports-routes';

type SportsRoutes = typeof SportsRoutesModule;

/** The path whose code and data were last asked for (main.tsx's first page, then the router's). */
let preloadedPath: string | null = null;

/**
 * The sports pages' code and first data, started together (docs/shell.md "Speed"): the
 * route's chunk, the page's chunk and the page's first request all leave at once, rather than one
 * after another (route chunk, then page chunk, then `getSeries`, then `getMatches`: prices at
 * 5.7 s on a cold phone load). main.tsx calls it for the first page while the app's own code
 * loads; the router calls it for each path it renders. Null for a page that is not a sports page.
 */
export function preloadRoute(pathname: string, queryClient: QueryClient): Promise<void> | null {
  preloadedPath = pathname;
  const sport = /^\/sports\/(-?\d+)$/.exec(pathname);
  const match = /^\/sports-detail\/(\d{1,15})$/.exec(pathname);
  const requests: Promise<unknown>[] = [];
  if (pathname === '/sports/upcoming/all') requests.push(queryClient.prefetchQuery(upcomingMatchesQuery));
  if (sport && SPORTS.some((item) => item.sportId === Number(sport[1]))) {
    const sportId = Number(sport[1]);
    requests.push(queryClient.prefetchQuery(matchesQuery(sportId, undefined)));
    // The series chips are not what the first render waits for.
    void queryClient.prefetchQuery(seriesQuery(sportId));
  }
  if (match) requests.push(queryClient.prefetchQuery(marketsQuery(Number(match[1]))));
  // /sports/live/all's list is in the frame's data already (app/frame-data.ts).
  if (!pathname.startsWith('/sports')) return null;
  // A chunk that fails here fails again, visibly, when the page renders (page-boundary.tsx).
  requests.push(loadSportsCode().catch(() => undefined));
  return Promise.all(requests).then(() => undefined);
}

/** The sports routes' module once it has loaded (loadSportsCode), for lazy-pages.tsx. */
let sportsRoutes: SportsRoutes | undefined;

/** The sports routes (with the slip and book wiring) and the sports pages, fetched in parallel. */
function loadSportsCode(): Promise<unknown> {
  return Promise.all([
    import('./routes/sports-routes').then((module) => (sportsRoutes = module)),
    import('@/features/sports/pages'),
  ]);
}

/**
 * The sports routes when their code is in already: the lazy routes render them at once instead of
 * showing the loading state for a turn, which on a page the server painted (a sports page's
 * prices) replaced the prices with a spinner between the painted screen and the app's.
 */
export function loadedSportsRoutes(): SportsRoutes | undefined {
  return sportsRoutes;
}

/**
 * For the router: each new path once. Called while rendering, because a navigation renders in a
 * transition that waits for the lazy page's chunk before it commits; an effect would start the
 * data only after that chunk arrived. It only starts downloads and fills the query cache, whose
 * readers hear of it after the render.
 */
export function preloadRouteOnce(pathname: string, queryClient: QueryClient): void {
  if (pathname === preloadedPath) return;
  preloadedPath = pathname;
  void preloadRoute(pathname, queryClient);
}

/** The query each painted call fills: the same keys the pages read (features/sports/api). */
function queryKeyOf(call: PaintedCall): readonly unknown[] | null {
  const { body } = call;
  const id = (name: string) => (typeof body[name] === 'number' ? (body[name] as number) : null);
  const sportId = id('sport_id');
  const matchId = id('match_id');
  if (call.path === 'match/getMatches' && sportId !== null) return matchesQuery(sportId, id('series_id') ?? undefined).queryKey;
  if (call.path === 'series/getSeries' && sportId !== null) return seriesQuery(sportId).queryKey;
  if (call.path === 'market/getMarkets' && matchId !== null) return marketsQuery(matchId).queryKey;
  return null;
}

/**
 * The page's first data the server painted into it (a sports page's prices: apps/api
 * modules/markets/markets-first-state.ts), put in the query cache before the first render, so
 * the page shows its prices without asking. Anything unreadable is left for the page to ask for.
 */
export function seedPaintedState(queryClient: QueryClient): void {
  const element = document.getElementById(PAINTED_STATE_ELEMENT_ID);
  if (!element?.textContent) return;
  let calls: unknown;
  try {
    calls = JSON.parse(element.textContent);
  } catch {
    return;
  }
  if (!Array.isArray(calls)) return;
  for (const call of calls as PaintedCall[]) {
    const key = call && typeof call === 'object' && call.body ? queryKeyOf(call) : null;
    if (key) queryClient.setQueryData(key, call.data);
  }
}
