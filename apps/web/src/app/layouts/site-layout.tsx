import { Outlet } from 'react-router';
import { AccountArea, AccountModals, openLoginModal } from '@/features/account';
import { blogGuides } from '@/features/content';
import { ShellFrame, type ShellFrameProps } from '@/features/shell';
import { BalanceDisplay, WalletMenuItems, WalletModals } from '@/features/wallet';

/**
 * Where the features meet: the shell frame with the account corner (balance and wallet menu
 * entries in its slots), each feature's modals mounted once, and the page in the outlet.
 */
function SiteLayout({ variant }: { variant: ShellFrameProps['variant'] }) {
  return (
    <ShellFrame
      variant={variant}
      accountArea={<AccountArea balance={<BalanceDisplay />} menuExtras={<WalletMenuItems />} />}
      modals={
        <>
          <AccountModals />
          <WalletModals />
        </>
      }
      guides={blogGuides}
      onLoginRequired={openLoginModal}
    >
      <Outlet />
    </ShellFrame>
  );
}

/** Casino layout: sidebar, header, bet slip, bottom bar and footer. */
export function CasinoLayout() {
  return <SiteLayout variant="casino" />;
}

/** Sports layout: sidebar, header, bet slip and bottom bar. */
export function SportsLayout() {
  return <SiteLayout variant="sports" />;
}

/** Sportsbook layout: the provider frame with its loading overlay. */
export function SportsbookLayout() {
  return <SiteLayout variant="sportsbook" />;
}
