import type { Db } from '../../db/database';

export interface CreatedAccount {
  userId: number;
  isDemo: boolean;
  isSignupUser: boolean;
}

/**
 * What other modules may do when an account is born. Called inside the transaction that
 * creates the user, so a failure creates nothing. The wallet gives a demo account its play money
 * here (and may credit a sign-up bonus).
 */
export interface AccountHooks {
  onUserCreated?(db: Db, account: CreatedAccount): Promise<void>;
}
