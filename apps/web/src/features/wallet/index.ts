// Public surface of the wallet feature: header balance, user-menu entries, modals and report pages.
export { BalanceDisplay } from './components/balance-display';
export { WalletMenuItems } from './components/wallet-menu-items';
export { WalletModals } from './components/wallet-modals';
export { AccountStatementPage } from './components/account-statement-page';
export { BonusHistoryPage } from './components/bonus-history-page';
export { UserBonusPage } from './components/user-bonus-page';
