import { type ComponentType, lazy } from 'react';
import { loadedSportsRoutes } from '../route-data';
import type * as SportsRoutesModule from './sports-routes';

type SportsRoutes = typeof SportsRoutesModule;

/**
 * Route pages other than /home, each in its own chunk: /home loads only the frame and its own page
 * (docs/shell.md "Speed"). The names match the pages, so routes read as before. A chunk that
 * fails to load is answered by the page error boundary (app/routes/page-boundary.tsx) with Retry.
 */
function page<P extends object>(load: () => Promise<ComponentType<P>>, loaded?: () => ComponentType<P> | undefined) {
  return lazy(() => {
    const component = loaded?.();
    if (!component) return load().then((module) => ({ default: module }));
    // Its code is in already (app/route-data.ts preloads it with the route): a thenable that
    // answers at once, so React renders the page in this render rather than suspending a turn.
    const ready = { then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: component }) };
    return ready as unknown as Promise<{ default: ComponentType<P> }>;
  });
}

export const ActivityLogPage = page(() => import('@/features/account/pages').then((m) => m.ActivityLogPage));
export const InfoPage = page(() => import('@/features/content/pages').then((m) => m.InfoPage));
export const BlogPostPage = page(() => import('@/features/content/pages').then((m) => m.BlogPostPage));
export const SportsbookFrame = page(() => import('@/features/shell/pages').then((m) => m.SportsbookFrame));
export const AccountStatementPage = page(() => import('@/features/wallet/pages').then((m) => m.AccountStatementPage));
export const BonusHistoryPage = page(() => import('@/features/wallet/pages').then((m) => m.BonusHistoryPage));
export const UserBonusPage = page(() => import('@/features/wallet/pages').then((m) => m.UserBonusPage));
// With each market's live cash out (the bets and sports features composed in bets-routes.tsx).
export const CurrentBetsPage = page(() => import('./bets-routes').then((m) => m.CurrentBetsRoute));
export const BetHistoryPage = page(() => import('@/features/bets/pages').then((m) => m.BetHistoryPage));
// The sports routes with their pages, bet-slip and book wiring, one chunk: none of it is needed
// on /home. sports-routes.tsx imports the sports pages itself (here only its types), so no import loops back.
/** A sports route, rendered at once when the sports code is in already (loadedSportsRoutes). */
function sportsRoute<P extends object>(pick: (routes: SportsRoutes) => ComponentType<P>) {
  return page(
    () => import('./sports-routes').then(pick),
    () => {
      const routes = loadedSportsRoutes();
      return routes && pick(routes);
    },
  );
}
export const SportRoute = sportsRoute((m) => m.SportRoute);
export const EventsRoute = sportsRoute((m) => m.EventsRoute);
export const MatchDetailRoute = sportsRoute((m) => m.MatchDetailRoute);
export const RaceDetailRoute = sportsRoute((m) => m.RaceDetailRoute);
// /deposit with responsible play's deposit limits; /responsible-gambling's text with its controls.
export const DepositPage = page(() => import('./deposit-route').then((m) => m.DepositRoute));
export const ResponsibleGamblingPage = page(() => import('./responsible-gambling-route').then((m) => m.ResponsibleGamblingRoute));
export const WithdrawPage = page(() => import('@/features/payments/pages').then((m) => m.WithdrawPage));
export const DepositStatementPage = page(() => import('@/features/payments/pages').then((m) => m.DepositStatementPage));
export const WithdrawStatementPage = page(() => import('@/features/payments/pages').then((m) => m.WithdrawStatementPage));
