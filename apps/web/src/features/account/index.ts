// Public surface of the account feature: the header corner, the modals, the activity log page.
export { AccountArea } from './components/account-area';
export { AccountModals } from './components/account-modals';
export { ActivityLogPage } from './components/activity-log-page';
import { accountUi } from './model/account-ui-store';

/** Opens the login modal (e.g. a guest taps Sport Book). */
export function openLoginModal(): void {
  accountUi.open('login');
}
