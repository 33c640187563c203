import type { LoggedInUser } from '@app/shared';
import { writeTransaction } from '../../db/unit-of-work';
import { recordActivity } from '../activity';
import type { ClientInfo } from '../sessions';
import { createUser, findUserByNameKey, type UserRow, userNameKey } from '../users';
import type { AccountsDeps } from './auth-deps';
import { clearLoginAttempts, releaseAddressAttempt } from './login-throttle';

export function loggedInUser(user: UserRow, token: string, chatUrl: string, restricted = false): LoggedInUser {
  return {
    token,
    user_id: user.id,
    user_name: user.user_name,
    user_type_id: user.user_type_id,
    parent_id: user.parent_id,
    is_signup_user: user.is_signup_user ? '1' : '0',
    is_change_password: user.is_change_password ? '1' : '0',
    is_demo: user.is_demo ? '1' : '0',
    chat_url: chatUrl,
    restricted,
  };
}

export type AuthSessions = ReturnType<typeof createAuthSessions>;

/** A login's session, and a new account's, each started in one transaction with its activity (docs/accounts.md). */
export function createAuthSessions({ db, clock, sessions, hooks, chatUrl }: AccountsDeps) {
  /**
   * Starts the session and logs the login, in one transaction. The right password is no failed
   * guess: the address gets its try back, and the account's and pair's counts start afresh.
   */
  async function startSession(user: UserRow, client: ClientInfo): Promise<LoggedInUser> {
    const terms = await hooks.sessionTerms?.(db, user.id);
    const { token } = await writeTransaction(db, async (trx) => {
      const started = await sessions.start(trx, user.id, client, terms);
      await recordActivity(trx, clock, { userId: user.id, event: 'login', client });
      await releaseAddressAttempt(trx, client.ip);
      await clearLoginAttempts(trx, user.id, client.ip);
      return started;
    });
    return loggedInUser(user, token, chatUrl, terms?.restricted ?? false);
  }

  async function createAndLogIn(
    user: Parameters<typeof createUser>[2],
    client: ClientInfo,
    events: ('signup' | 'login')[],
  ): Promise<LoggedInUser> {
    const { token, userId } = await writeTransaction(db, async (trx) => {
      const userId = await createUser(trx, clock, user);
      await hooks.onUserCreated?.(trx, { userId, isDemo: Boolean(user.isDemo), isSignupUser: Boolean(user.isSignupUser) });
      const started = await sessions.start(trx, userId, client);
      for (const event of events) await recordActivity(trx, clock, { userId, event, client });
      return { token: started.token, userId };
    });
    const created = await findUserByNameKey(db, userNameKey(user.userName));
    if (!created || created.id !== userId) throw new Error('created user not found');
    return loggedInUser(created, token, chatUrl);
  }

  return { startSession, createAndLogIn };
}
