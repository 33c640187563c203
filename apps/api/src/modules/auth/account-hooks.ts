import type { Db } from '../../db/database';
import type { Tx } from '../../db/unit-of-work';
import type { SessionTerms } from '../sessions';

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
  onUserCreated?(tx: Tx, account: CreatedAccount): Promise<void>;
  /** What a new session of the user starts with: restricted during a pause, and its time limit. */
  sessionTerms?(db: Db, userId: number): Promise<SessionTerms>;
}
