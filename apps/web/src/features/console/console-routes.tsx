import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useRoutes } from 'react-router';
import { Loading } from '@/components/ui';
import { ConsoleLayout } from './components/console-layout';
import { consolePaths } from './console-paths';
import { useConsoleSession } from './lib/console-session';
import { ConsoleLoginPage } from './pages/login-page';

/** Each screen in a chunk of its own: the console's frame and login load first. */
function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const DashboardPage = page(() => import('./pages/dashboard-page').then((m) => m.DashboardPage));
const PlayersPage = page(() => import('./pages/players-page').then((m) => m.PlayersPage));
const PlayerPage = page(() => import('./pages/player-page').then((m) => m.PlayerPage));
const SettingsPage = page(() => import('./pages/settings-page').then((m) => m.SettingsPage));
const SportsPage = page(() => import('./pages/sports-page').then((m) => m.SportsPage));
const CasinoPage = page(() => import('./pages/casino-page').then((m) => m.CasinoPage));
const PaymentsPage = page(() => import('./pages/payments-page').then((m) => m.PaymentsPage));
const ResponsiblePlayPage = page(() => import('./pages/responsible-play-page').then((m) => m.ResponsiblePlayPage));
const AuditPage = page(() => import('./pages/audit-page').then((m) => m.AuditPage));
const ApprovalsPage = page(() => import('./pages/approvals-page').then((m) => m.ApprovalsPage));

function PageLoading() {
  const { t } = useTranslation('admin');
  return <Loading label={t('common.loading')} />;
}

/** The console's pages need an operator's session; without one, the login page. */
function RequireOperator() {
  const session = useConsoleSession();
  if (!session) return <Navigate to={consolePaths.login} replace />;
  return <ConsoleLayout session={session} />;
}

function Screen() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

export function ConsoleRoutes() {
  const { t } = useTranslation('admin');
  // The tab names the console in the operator's language, never the site's title.
  useEffect(() => {
    document.title = t('title');
  }, [t]);
  return useRoutes([
    { path: consolePaths.login, element: <ConsoleLoginPage /> },
    {
      element: <RequireOperator />,
      children: [
        {
          element: <Screen />,
          children: [
            { path: consolePaths.dashboard, element: <DashboardPage /> },
            { path: consolePaths.players, element: <PlayersPage /> },
            { path: '/admin/players/:userName', element: <PlayerPage /> },
            { path: consolePaths.settings, element: <SettingsPage /> },
            { path: consolePaths.sports, element: <SportsPage /> },
            { path: consolePaths.casino, element: <CasinoPage /> },
            { path: consolePaths.payments, element: <PaymentsPage /> },
            { path: consolePaths.responsiblePlay, element: <ResponsiblePlayPage /> },
            { path: consolePaths.audit, element: <AuditPage /> },
            { path: consolePaths.approvals, element: <ApprovalsPage /> },
            { path: '/admin/*', element: <Navigate to={consolePaths.dashboard} replace /> },
          ],
        },
      ],
    },
  ]);
}
