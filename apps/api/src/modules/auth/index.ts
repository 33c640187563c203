/** The accounts module's public face: login, sign-up, passwords and their hooks (docs/accounts.md). */
export type { AccountHooks, CreatedAccount } from './account-hooks';
export { type Accounts, type AccountsOptions, createAccounts } from './accounts';
/**
 * The throttle's counters, for other logins that claim an attempt before they check (the console's:
 * docs/operators.md, "Lock-out"); each caller names its keys with a prefix of its own.
 */
export {
  claimThrottleAttempt,
  clearThrottleAttempts,
  clearThrottleAttemptsByPrefix,
  releaseThrottleAttempt,
} from './login-throttle.repository';
