// Public surface of the account feature: the header corner, the modals (the activity log page is in pages.ts).
export { AccountArea } from './components/account-area';
export { AccountModals } from './components/account-modals';
import { accountUi } from './model/account-ui-store';
import { isLoggingOut } from './model/planned-logout';

/** Opens the login modal (e.g. a guest taps Sport Book). */
export function openLoginModal(): void {
  accountUi.open('login');
}

/**
 * A guest reached a page that needs a login (a guarded link, Bets in the bottom bar): open the
 * login modal and continue to `returnTo` after it. Not while the site itself is logging the
 * player out or telling them their session ended: that is not the guest's request.
 */
export function requestLoginFor(returnTo: string): void {
  if (isLoggingOut() || accountUi.get().sessionEndedCode !== null) return;
  accountUi.openLoginFor(returnTo);
}
