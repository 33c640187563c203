import { createContext, lazy, memo, Suspense, useContext, useMemo } from 'react';
import { Outlet } from 'react-router';
import { AccountArea, AccountModals, openLoginModal } from '@/features/account';
import { launchExternalSportsbook, TileExtrasContext, useHasIndianCasino } from '@/features/casino';
import { blogGuides } from '@/features/content';
import { ShellFrame, type ShellFrameProps } from '@/features/shell';
import { NoticesBanner, NoticesBell, NoticesMenuItem, NoticesModal } from '@/features/notices';
import { MatchSearch, useLiveCounts } from '@/features/sports';
import { BalanceDisplay, WalletMenuItems, WalletModals } from '@/features/wallet';
import { PageBoundary } from '../routes/page-boundary';
import { RealityCheckSlot, RestrictedBannerSlot, SessionClockSlot } from './rg-slots';

// A live table's tile status (LIVE, time left, stakes) loads when a live tile shows (docs/casino.md "Lobby and pages").
const LiveTileStatus = lazy(() => import('@/features/live-tables').then((m) => ({ default: m.LiveTileStatus })));
const tileExtras = (game: { code: string }) =>
  game.code.startsWith('live-') ? (
    <Suspense fallback={null}>
      <LiveTileStatus table={game.code} />
    </Suspense>
  ) : null;

// The bet slip (with the bets and bet slip features) belongs to the sports pages: /home does not load it.
const BetSlipArea = lazy(() => import('./bet-slip-area').then((m) => ({ default: m.BetSlipArea })));

export type LayoutName = ShellFrameProps['variant'];

/** Route handle that names the layout of a group of routes (casino, sports or sportsbook). */
export interface LayoutHandle {
  layout: LayoutName;
}

export function isLayoutHandle(handle: unknown): handle is LayoutHandle {
  return typeof handle === 'object' && handle !== null && 'layout' in handle;
}

/** The layout of the matched route group, provided by AppRoutes (app/router.tsx). */
export const LayoutVariantContext = createContext<LayoutName>('casino');

/**
 * Where the features meet: the shell frame with the account corner (balance and wallet menu
 * entries in its slots), each feature's modals mounted once, and the page in the outlet.
 * One frame for all three layouts, so moving between casino and sports pages keeps the sidebar,
 * the open modals and the balance poll instead of rebuilding them.
 */
export function SiteLayout() {
  const variant = useContext(LayoutVariantContext);
  const liveCounts = useStableCounts(useLiveCounts());
  const hasIndianCasino = useHasIndianCasino();
  return (
    <MemoShellFrame
      variant={variant}
      headerSearch={HEADER_SEARCH}
      liveCounts={liveCounts}
      accountArea={ACCOUNT_AREA}
      modals={MODALS}
      betSlip={variant === 'sports' ? BET_SLIP : undefined}
      guides={blogGuides}
      onLoginRequired={openLoginModal}
      launchSportsbook={launchExternalSportsbook}
      showIndianCasino={hasIndianCasino}
    >
      {PAGE}
    </MemoShellFrame>
  );
}

/*
 * The frame's slots are the same elements on every render, and the frame is memoised: when the
 * live matches or the providers arrive (or refresh), only what shows them renders again, not the
 * header, the modals or the page (docs/shell.md "Speed").
 */
const MemoShellFrame = memo(ShellFrame);
const HEADER_SEARCH = <MatchSearch />;
const ACCOUNT_AREA = (
  <AccountArea
    balance={
      <>
        <SessionClockSlot placement="header" />
        <NoticesBell />
        <BalanceDisplay />
      </>
    }
    menuExtras={
      <>
        <SessionClockSlot placement="menu" />
        <NoticesMenuItem />
        <WalletMenuItems />
      </>
    }
  />
);
const MODALS = (
  <>
    <AccountModals />
    <WalletModals />
    <NoticesModal />
    <RealityCheckSlot />
  </>
);
const BET_SLIP = (
  <Suspense fallback={null}>
    <BetSlipArea />
  </Suspense>
);
const PAGE = (
  <>
    <RestrictedBannerSlot />
    <NoticesBanner />
    <PageBoundary>
      <TileExtrasContext.Provider value={tileExtras}>
        <Outlet />
      </TileExtrasContext.Provider>
    </PageBoundary>
  </>
);

/** The same object while the counts are the same (a refresh that changed nothing renders nothing). */
function useStableCounts(counts: Record<number, number>): Record<number, number> {
  const key = JSON.stringify(counts);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the counts' content
  return useMemo(() => counts, [key]);
}

/** Casino layout: sidebar, header, bet slip, bottom bar and footer. */
export const casinoLayout: LayoutHandle = { layout: 'casino' };
/** Sports layout: sidebar, header, bet slip and bottom bar. */
export const sportsLayout: LayoutHandle = { layout: 'sports' };
/** Sportsbook layout: the provider frame with its loading overlay. */
export const sportsbookLayout: LayoutHandle = { layout: 'sportsbook' };
