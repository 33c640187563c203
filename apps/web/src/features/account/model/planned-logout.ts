/**
 * The site's own logouts. While one is planned or under way, 401/403 answers are expected (the
 * server may already have ended the session) and must not raise the "session ended" alert.
 * Plain module state and timers, outside React: closing a modal or unmounting a component can
 * neither cancel a planned logout nor leave the expectation switched on for good.
 */

/** How long past a planned logout refusals still count as expected, in case the timer runs late. */
export const LOGOUT_GRACE_MS = 10_000;

let isLeavingForGood = false;
let expectedUntil = 0;

/** True while the site is logging the player out on purpose: 401s then are expected, not an alert. */
export function isLoggingOut(): boolean {
  return isLeavingForGood || Date.now() < expectedUntil;
}

/** Refusals in the next `forMs` are expected (e.g. a password change is ending the session on the server). */
export function expectSessionEnd(forMs: number): void {
  expectedUntil = Math.max(expectedUntil, Date.now() + forMs);
}

/** The session goes on after all (e.g. the forced password change was refused): refusals alert again. */
export function withdrawSessionEndExpectation(): void {
  expectedUntil = 0;
}

/** The page is leaving now (the logout reload is under way). */
export function markLeaving(): void {
  isLeavingForGood = true;
}

/** Runs `leave` after `delayMs`; nothing can cancel it. Refusals until then are expected. */
export function planLogout(delayMs: number, leave: () => void): void {
  expectSessionEnd(delayMs + LOGOUT_GRACE_MS);
  setTimeout(() => {
    markLeaving();
    leave();
  }, delayMs);
}

/** Tests only: back to the state of a fresh page. */
export function resetPlannedLogoutForTests(): void {
  isLeavingForGood = false;
  expectedUntil = 0;
}
