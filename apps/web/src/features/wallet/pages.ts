// Report pages of the wallet feature, loaded on demand (app/routes/lazy-pages.tsx) so /home stays small.
export { AccountStatementPage } from './components/account-statement-page';
export { BonusHistoryPage } from './components/bonus-history-page';
export { UserBonusPage } from './components/user-bonus-page';
