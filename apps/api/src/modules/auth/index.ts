/** The accounts module's public face: login, sign-up, passwords and their hooks (docs/accounts.md). */
export type { AccountHooks, CreatedAccount } from './account-hooks';
export { type Accounts, type AccountsOptions, createAccounts } from './accounts';
