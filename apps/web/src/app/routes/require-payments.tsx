import { Outlet } from 'react-router';
import { NotFoundPage } from '@/features/shell';
import { useSettingsOrDefaults } from '@/lib/global-settings';
import { canUsePayments, useSession } from '@/lib/session';

/**
 * The wallet menu's pages (docs/product.md §2, §6): only sign-up players while a payment gateway is on.
 * Anyone else (a demo or a sub account, or every player while the gateway is off) finds no such
 * page, as the menu shows them none; the server refuses them too (docs/payments.md).
 */
export function RequirePayments() {
  const session = useSession();
  const settings = useSettingsOrDefaults();
  return session && canUsePayments(session.user, settings.payment_gateway) ? <Outlet /> : <NotFoundPage />;
}
