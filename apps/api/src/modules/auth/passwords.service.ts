import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordActivity } from '../activity';
import type { OtpService } from '../otp';
import type { ClientInfo, SessionUser, SessionsService } from '../sessions';
import { hashPassword, verifyPassword } from '../users';
import { findUserById, findUserByMobile, replacePasswordHashIfUnchanged, updatePasswordHash } from '../users';
import { CUSTOMER_USER_TYPE, SUB_ACCOUNT_PARENT_ID } from '../users';
import { claimPasswordChangeCheck, clearAccountAttempts, releasePasswordChangeCheck } from './login-throttle';
import { assertPasswordAllowed } from '../users';
import { writeTransaction } from '../../db/unit-of-work';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  /**
   * firstTimeUpdatePassword: the forced change, which sub accounts may make too — only while the
   * account is marked to change its password, so it is no way around the sub-account refusal.
   */
  isFirstTime: boolean;
}

export interface PasswordReset {
  mobile: string;
  password: string;
  requestId: string;
  otp: string;
}

/** The same words whether or not the mobile has an account (no account discovery). */
export const PASSWORD_RESET_MESSAGE =
  'If this mobile number belongs to an account, its password has been changed. You can now log in with the new password.';

export function createPasswordsService(deps: { db: Db; clock: Clock; sessions: SessionsService; otp: OtpService }) {
  const { db, clock, sessions, otp } = deps;

  /**
   * Stores the new hash and ends every session of the user, in one transaction. A change passes
   * the hash its old password was checked against: of two parallel changes only the first
   * stores its password, the other is refused (its session has just ended anyway).
   */
  async function replacePassword(
    userId: number,
    passwordHash: string,
    event: 'password_changed' | 'password_reset',
    client: ClientInfo,
    expectedHash?: string,
  ): Promise<void> {
    await writeTransaction(db, async (trx) => {
      if (expectedHash === undefined) {
        await updatePasswordHash(trx, userId, passwordHash, { mustChangePassword: false });
      } else if (!(await replacePasswordHashIfUnchanged(trx, userId, expectedHash, passwordHash))) {
        throw new AppError(
          'SESSION_EXPIRED',
          'Your password was changed by another request just now. Please log in again with the new password.',
        );
      }
      await sessions.endAllOfUser(trx, userId, event);
      await recordActivity(trx, clock, { userId, event, client });
      // Guesses at the old password are moot now: the count starts afresh.
      await clearAccountAttempts(trx, userId);
    });
  }

  return {
    /** updatePassword and firstTimeUpdatePassword: the token's user, never one named in the body. */
    async change(caller: SessionUser, change: PasswordChange, client: ClientInfo): Promise<void> {
      if (change.isFirstTime && !caller.mustChangePassword) {
        throw new AppError(
          'REFUSED',
          'Your password does not need a first-time change. Use Change Password in your account instead.',
        );
      }
      if (!change.isFirstTime && caller.parentId === SUB_ACCOUNT_PARENT_ID) {
        throw new AppError('REFUSED', 'Sub accounts cannot change the password. Please ask the account owner.');
      }
      if (caller.isDemo) throw new AppError('REFUSED', 'A demo account has no password to change.');
      const user = await findUserById(db, caller.userId);
      if (!user) throw new AppError('SESSION_EXPIRED', 'Your session has expired. Please log in again.');
      await claimPasswordChangeCheck(db, clock, user.id);
      let isOldRight: boolean;
      try {
        isOldRight = await verifyPassword(user.password_hash, change.oldPassword);
      } catch (error) {
        // Hashing was too busy to check (503): no check, no try used.
        await releasePasswordChangeCheck(db, user.id);
        throw error;
      }
      if (!isOldRight) {
        await recordActivity(db, clock, { userId: user.id, event: 'password_change_failed', client });
        throw new AppError('INVALID_CREDENTIALS', 'The old password is wrong.');
      }
      await releasePasswordChangeCheck(db, user.id);
      if (change.newPassword === change.oldPassword) {
        throw new AppError('BAD_REQUEST', 'The new password must be different from the old one.');
      }
      assertPasswordAllowed(change.newPassword, user.user_name);
      const newHash = await hashPassword(change.newPassword);
      await replacePassword(user.id, newHash, 'password_changed', client, user.password_hash);
    },

    /** forgotPassord: the OTP proves the mobile; the answer is the same for any mobile. */
    async reset(reset: PasswordReset, client: ClientInfo): Promise<string> {
      assertPasswordAllowed(reset.password);
      await otp.consume({ requestId: reset.requestId, mobile: reset.mobile, code: reset.otp });
      // Hash first, whether or not an account exists, so timing tells nothing either.
      const passwordHash = await hashPassword(reset.password);
      const user = await findUserByMobile(db, reset.mobile);
      if (user && user.user_type_id === CUSTOMER_USER_TYPE && !user.is_demo && !user.is_disabled) {
        await replacePassword(user.id, passwordHash, 'password_reset', client);
      }
      return PASSWORD_RESET_MESSAGE;
    },
  };
}

export type PasswordsService = ReturnType<typeof createPasswordsService>;
