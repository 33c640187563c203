import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { ActivityLogPage } from '@/features/account';
import { BlogPostPage, InfoPage } from '@/features/content';
import { NotFoundPage, SportsbookFrame } from '@/features/shell';
import { AccountStatementPage, BonusHistoryPage, UserBonusPage } from '@/features/wallet';
import { casinoLayout, SiteLayout, sportsbookLayout, sportsLayout } from './layouts/site-layout';
import { RequireLogin } from './routes/require-login';
import { ComingSoonRoute, GameListRoute, HomeRoute, SportRoute } from './routes/route-pages';

/** Every route of spec §2. Pages of later capabilities are honest "coming soon" frames. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={paths.home} replace /> },
  {
    element: <SiteLayout />,
    children: [
      {
        handle: casinoLayout,
        children: [
          { path: paths.home, element: <HomeRoute /> },
          { path: '/home/group/all-game-list/:group', element: <GameListRoute kind="all" /> },
          { path: '/home/group/brino-game-list/:group', element: <GameListRoute kind="brino" /> },
          { path: paths.indianCasino, element: <ComingSoonRoute titleKey="nav.indianCasino" /> },
          { path: paths.providers, element: <ComingSoonRoute titleKey="nav.providers" /> },
          { path: paths.provablyFair, element: <InfoPage slug="provably-fair" /> },
          { path: paths.responsibleGambling, element: <InfoPage slug="responsible-gambling" /> },
          { path: paths.policy('self-exclusion'), element: <InfoPage slug="self-exclusion" /> },
          { path: paths.policy('privacy'), element: <InfoPage slug="privacy" /> },
          { path: paths.policy('anti-money-laundering'), element: <InfoPage slug="anti-money-laundering" /> },
          { path: paths.policy('terms'), element: <InfoPage slug="terms" /> },
          { path: paths.affiliate, element: <InfoPage slug="affiliate" /> },
          { path: '/blog/:slug', element: <BlogPostPage /> },
          {
            element: <RequireLogin />,
            children: [
              { path: paths.recent, element: <ComingSoonRoute titleKey="nav.recent" /> },
              { path: paths.favourites, element: <ComingSoonRoute titleKey="nav.favourites" /> },
              { path: paths.deposit, element: <ComingSoonRoute titleKey="nav.deposit" /> },
              { path: paths.withdraw, element: <ComingSoonRoute titleKey="nav.withdraw" /> },
              { path: paths.report.accountStatement, element: <AccountStatementPage /> },
              { path: paths.report.bonusHistory, element: <BonusHistoryPage /> },
              { path: paths.report.userBonus, element: <UserBonusPage /> },
              { path: paths.report.currentBets, element: <ComingSoonRoute titleKey="nav.currentBets" /> },
              { path: paths.report.betHistory, element: <ComingSoonRoute titleKey="nav.betHistory" /> },
              { path: paths.report.casinoResult, element: <ComingSoonRoute titleKey="nav.casinoResult" /> },
              { path: paths.report.depositStatement, element: <ComingSoonRoute titleKey="nav.depositStatement" /> },
              { path: paths.report.withdrawStatement, element: <ComingSoonRoute titleKey="nav.withdrawStatement" /> },
              { path: paths.report.activityLog, element: <ActivityLogPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        handle: sportsLayout,
        children: [
          { path: paths.liveSports, element: <ComingSoonRoute titleKey="nav.liveEvents" /> },
          { path: paths.upcomingSports, element: <ComingSoonRoute titleKey="nav.upcomingEvents" /> },
          { path: '/sports/:sportId', element: <SportRoute /> },
          { path: '/sports-detail/:matchId', element: <ComingSoonRoute titleKey="nav.matchDetail" /> },
          { path: paths.racingDetail, element: <ComingSoonRoute titleKey="nav.racingDetail" /> },
        ],
      },
      {
        handle: sportsbookLayout,
        children: [{ path: '/sportbook', element: <SportsbookFrame /> }],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
