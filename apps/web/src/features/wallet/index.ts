// Public surface of the wallet feature: header balance, user-menu entries, modals (report pages are in pages.ts).
export { BalanceDisplay } from './components/balance-display';
export { WalletMenuItems } from './components/wallet-menu-items';
export { WalletModals } from './components/wallet-modals';
export { useStakeButtons } from './api/wallet-calls';
