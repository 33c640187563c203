import { useQueryClient } from '@tanstack/react-query';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { HORSE_RACING_SPORT_ID } from '@app/shared';
import { paths } from '@/config/paths';
import { NotFoundPage } from '@/features/shell';
import {
  casinoLayout,
  isLayoutHandle,
  LayoutVariantContext,
  SiteLayout,
  sportsbookLayout,
  sportsLayout,
} from './layouts/site-layout';
import {
  AccountStatementPage,
  ActivityLogPage,
  BetHistoryPage,
  BlogPostPage,
  BonusHistoryPage,
  CurrentBetsPage,
  DepositPage,
  DepositStatementPage,
  WithdrawPage,
  WithdrawStatementPage,
  EventsRoute,
  MatchDetailRoute,
  RaceDetailRoute,
  SportRoute,
  InfoPage,
  ResponsibleGamblingPage,
  SportsbookFrame,
  UserBonusPage,
} from './routes/lazy-pages';
import {
  CasinoGroupRoute,
  CasinoHomeRoute,
  CasinoMyGamesRoute,
  CasinoPlayRoute,
  CasinoProvidersRoute,
  CasinoResultRoute,
  ProvablyFairRoute,
} from './routes/casino-routes';
import { preloadRouteOnce } from './route-data';
import { RequireLogin } from './routes/require-login';
import { RequirePayments } from './routes/require-payments';

/** Every route of docs/product.md §2, each with its real page. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={paths.home} replace /> },
  {
    element: <SiteLayout />,
    children: [
      {
        handle: casinoLayout,
        children: [
          { path: paths.home, element: <CasinoHomeRoute /> },
          { path: '/home/group/all-game-list/:group', element: <CasinoGroupRoute kind="all" /> },
          { path: '/home/group/brino-game-list/:group', element: <CasinoGroupRoute kind="brino" /> },
          { path: '/home/group/indian-game-list/:group', element: <CasinoGroupRoute kind="indian" /> },
          { path: paths.providers, element: <CasinoProvidersRoute /> },
          { path: paths.provablyFair, element: <ProvablyFairRoute /> },
          { path: paths.responsibleGambling, element: <ResponsibleGamblingPage /> },
          { path: paths.policy('self-exclusion'), element: <InfoPage slug="self-exclusion" /> },
          { path: paths.policy('privacy'), element: <InfoPage slug="privacy" /> },
          { path: paths.policy('anti-money-laundering'), element: <InfoPage slug="anti-money-laundering" /> },
          { path: paths.policy('terms'), element: <InfoPage slug="terms" /> },
          { path: paths.affiliate, element: <InfoPage slug="affiliate" /> },
          { path: '/blog/:slug', element: <BlogPostPage /> },
          {
            element: <RequireLogin />,
            children: [
              { path: paths.recent, element: <CasinoMyGamesRoute kind="recent" /> },
              { path: paths.favourites, element: <CasinoMyGamesRoute kind="favourites" /> },
              { path: '/casino/play/:gameCode', element: <CasinoPlayRoute /> },
              {
                element: <RequirePayments />,
                children: [
                  { path: paths.deposit, element: <DepositPage /> },
                  { path: paths.withdraw, element: <WithdrawPage /> },
                  { path: paths.report.depositStatement, element: <DepositStatementPage /> },
                  { path: paths.report.withdrawStatement, element: <WithdrawStatementPage /> },
                ],
              },
              { path: paths.report.accountStatement, element: <AccountStatementPage /> },
              { path: paths.report.bonusHistory, element: <BonusHistoryPage /> },
              { path: paths.report.userBonus, element: <UserBonusPage /> },
              { path: paths.report.currentBets, element: <CurrentBetsPage /> },
              { path: paths.report.betHistory, element: <BetHistoryPage /> },
              { path: paths.report.casinoResult, element: <CasinoResultRoute /> },
              { path: paths.report.activityLog, element: <ActivityLogPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        handle: sportsLayout,
        children: [
          { path: paths.liveSports, element: <EventsRoute kind="live" /> },
          { path: paths.upcomingSports, element: <EventsRoute kind="upcoming" /> },
          { path: '/sports/:sportId', element: <SportRoute /> },
          { path: '/sports-detail/:matchId', element: <MatchDetailRoute /> },
          { path: '/sports-racing-detail/:matchId', element: <RaceDetailRoute /> },
          // The spec's bare route: the horse-racing card, where every race links to its own detail.
          { path: '/sports-racing-detail', element: <Navigate to={paths.sport(HORSE_RACING_SPORT_ID)} replace /> },
        ],
      },
      {
        handle: sportsbookLayout,
        children: [{ path: '/sportbook', element: <SportsbookFrame /> }],
      },
    ],
  },
];

/**
 * The routes, rendered by the declarative router (`<BrowserRouter>` in main.tsx): the data router
 * would add about 14 KB compressed to the first page for loaders and actions the site does not
 * use (docs/shell.md "Speed"). The layout of the matched group (its `handle`) reaches the shared
 * frame through a context, as `useMatches` would have told it.
 */
export function AppRoutes() {
  const location = useLocation();
  // A sports page's code and data start as its path renders (app/route-data.ts).
  preloadRouteOnce(location.pathname, useQueryClient());
  const element = useRoutes(routes);
  const matches = matchRoutes(routes, location) ?? [];
  const variant = matches.map((match) => match.route.handle as unknown).findLast(isLayoutHandle)?.layout ?? 'casino';
  return <LayoutVariantContext value={variant}>{element}</LayoutVariantContext>;
}
