import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { endUserSessionRows } from '../sessions';
import { findUserByNameKey, setMustChangePassword, setUserDisabled } from './users.repository';
import { userNameKey } from './users.service';

/** What operators do to players' accounts, from the CLI and the console alike (docs/operators.md). */
export function createUsersAdmin(db: Db, clock: Clock) {
  async function requireUser(name: string) {
    const user = await findUserByNameKey(db, userNameKey(name));
    if (!user) throw new AppError('NOT_FOUND', `No user is named ${name}`);
    return user;
  }
  return {
    requireUser,
    /** Disabling ends the user's sessions and blocks login. */
    async setDisabled(name: string, isDisabled: boolean) {
      const user = await requireUser(name);
      await writeTransaction(db, async (trx) => {
        await setUserDisabled(trx, user.id, isDisabled);
        if (isDisabled) await endUserSessionRows(trx, user.id, clock.now(), 'disabled');
      });
      return { userName: user.user_name, wasDisabled: Number(user.is_disabled) === 1 };
    },
    /** The player must change the password at the next login; their sessions end now. */
    async forcePasswordChange(name: string) {
      const user = await requireUser(name);
      await writeTransaction(db, async (trx) => {
        await setMustChangePassword(trx, user.id);
        await endUserSessionRows(trx, user.id, clock.now(), 'password_changed');
      });
      return { userName: user.user_name, before: Number(user.is_change_password) === 1 };
    },
  };
}
