import { Outlet, useMatches } from 'react-router';
import { AccountArea, AccountModals, openLoginModal } from '@/features/account';
import { blogGuides } from '@/features/content';
import { ShellFrame, type ShellFrameProps } from '@/features/shell';
import { BalanceDisplay, WalletMenuItems, WalletModals } from '@/features/wallet';

export type LayoutName = ShellFrameProps['variant'];

/** Route handle that names the layout of a group of routes (casino, sports or sportsbook). */
export interface LayoutHandle {
  layout: LayoutName;
}

function isLayoutHandle(handle: unknown): handle is LayoutHandle {
  return typeof handle === 'object' && handle !== null && 'layout' in handle;
}

/**
 * Where the features meet: the shell frame with the account corner (balance and wallet menu
 * entries in its slots), each feature's modals mounted once, and the page in the outlet.
 * One frame for all three layouts, so moving between casino and sports pages keeps the sidebar,
 * the open modals and the balance poll instead of rebuilding them.
 */
export function SiteLayout() {
  const matches = useMatches();
  const variant = matches.map((match) => match.handle).findLast(isLayoutHandle)?.layout ?? 'casino';
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
export const casinoLayout: LayoutHandle = { layout: 'casino' };
/** Sports layout: sidebar, header, bet slip and bottom bar. */
export const sportsLayout: LayoutHandle = { layout: 'sports' };
/** Sportsbook layout: the provider frame with its loading overlay. */
export const sportsbookLayout: LayoutHandle = { layout: 'sportsbook' };
