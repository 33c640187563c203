// Public surface of the account feature: the header corner, the modals, logins and logouts others
// start (the activity log page is in pages.ts).
import { getSession } from '@/lib/session';
import { logoutOnServer } from './api/account-calls';
import { accountUi } from './model/account-ui-store';
import { expectSessionEnd, isLoggingOut, LOGOUT_GRACE_MS, markLeaving } from './model/planned-logout';
import { leaveToHome } from './model/session-actions';

export { AccountArea } from './components/account-area';
export { AccountModals } from './components/account-modals';
export { leaveToHome };

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

/**
 * The site's normal logout, as the user menu's Log out (e.g. the reality check's): the server ends
 * the session, the site forgets it and opens /home. Refusals while it runs are expected, not an alert.
 */
export function logOut(): void {
  const session = getSession();
  expectSessionEnd(LOGOUT_GRACE_MS);
  if (!session) {
    leaveToHome();
    return;
  }
  void logoutOnServer(session.user.user_id).finally(leaveToHome);
}

/**
 * The server has just ended every session of the player on purpose (a time-out or self-exclusion
 * they took): its refusals are expected, not a "session ended" alert; `leaveToHome` follows.
 */
export function expectSessionEnded(): void {
  markLeaving();
}
