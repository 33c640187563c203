import type { LoggedInUser } from '@app/shared';
import { AppError } from '../../lib/app-error';
import { randomHex } from '../../lib/ids';
import { recordActivity } from '../activity';
import type { ClientInfo, SessionUser } from '../sessions';
import { hashPassword, verifyPassword } from '../users';
import { findUserByNameKey, findUsersByEmail } from '../users';
import { CUSTOMER_USER_TYPE, userNameKey } from '../users';
import type { UserRow } from '../users';
import type { AccountsDeps } from './auth-deps';
import { createAuthSessions } from './auth-sessions';
import { createAuthSignup } from './auth-signup';
import { claimLoginCheck, releaseAddressAttempt, releaseLoginCheck } from './login-throttle';
import { RetryLaterError } from '../../plugins/error-handler';
import { writeTransaction } from '../../db/unit-of-work';

export type { AccountsDeps } from './auth-deps';
export { loggedInUser } from './auth-sessions';
export type { SignupInput } from './auth-signup';

const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password.';

/**
 * Runs a password check; when hashing is too busy to start it (503, retry later), the throttle
 * claims made for it are given back first: no check happened, so it is no guess.
 */
async function checkOrGiveBack(check: () => Promise<boolean>, giveBack: () => Promise<void>): Promise<boolean> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof RetryLaterError) await giveBack();
    throw error;
  }
}

/** Why an account with the right password still may not log in on this site, if it may not. */
function loginRefusal(user: UserRow): string | null {
  if (user.user_type_id !== CUSTOMER_USER_TYPE) return 'Only player accounts can log in on this site.';
  if (user.is_disabled) return 'This account is disabled. Please contact support.';
  return null;
}

export function createAuthService(deps: AccountsDeps) {
  const { db, clock, sessions } = deps;
  const authSessions = createAuthSessions(deps);
  const { startSession } = authSessions;
  const { demoLogin, signup } = createAuthSignup(deps, authSessions);

  // Unknown names cost one argon2 verification too, so timing does not tell which names exist.
  // Made once, with the configured cost; made again if hashing was too busy to make it.
  let dummyHash: Promise<string> | undefined;
  const dummy = (): Promise<string> =>
    (dummyHash ??= hashPassword(`dummy-${randomHex(8)}1`).catch((error: unknown) => {
      dummyHash = undefined;
      throw error;
    }));

  async function findLoginUser(name: string): Promise<UserRow | undefined> {
    const byName = await findUserByNameKey(db, userNameKey(name));
    if (byName || !name.includes('@')) return byName;
    const byEmail = await findUsersByEmail(db, name);
    return byEmail.length === 1 ? byEmail[0] : undefined;
  }

  return {
    async login(name: string, password: string, client: ClientInfo): Promise<LoggedInUser> {
      const user = await findLoginUser(name);
      // Each guess claims its attempts before argon2 runs, so parallel guesses share the limits.
      const claim = await writeTransaction(db, (trx) => claimLoginCheck(trx, clock, client.ip, user?.id ?? null));
      const isRight = await checkOrGiveBack(
        async () => verifyPassword(user ? user.password_hash : await dummy(), password),
        () => writeTransaction(db, (trx) => releaseLoginCheck(trx, claim)),
      );
      if (!user || !isRight) {
        await recordActivity(db, clock, { userId: user?.id ?? null, event: 'login_failed', client });
        throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
      }
      // Checked after the password, so these answers reveal nothing to someone guessing.
      const refusal = loginRefusal(user);
      if (refusal) {
        await writeTransaction(db, async (trx) => {
          await releaseAddressAttempt(trx, client.ip);
          await recordActivity(trx, clock, { userId: user.id, event: 'login_failed', client });
        });
        throw new AppError('REFUSED', refusal);
      }
      return startSession(user, client);
    },

    demoLogin,

    signup,

    async logout(user: SessionUser, client: ClientInfo): Promise<void> {
      await writeTransaction(db, async (trx) => {
        // Of parallel logouts of one session one ends it; the others find it gone, as if later.
        if (!(await sessions.end(trx, user.sessionId, 'logout'))) {
          throw new AppError('SESSION_EXPIRED', 'Your session has already ended. Please log in again.');
        }
        await recordActivity(trx, clock, { userId: user.userId, event: 'logout', client });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
