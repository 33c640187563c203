// Pages of the payments feature (the wallet menu: docs/product.md §2, §6), loaded on demand (app/routes/lazy-pages.tsx).
export { DepositPage } from './components/deposit-page';
export { WithdrawPage } from './components/withdraw-page';
export { DepositStatementPage, WithdrawStatementPage } from './components/statement-pages';
export { useHasCreditedDeposit } from './api/payment-calls';
