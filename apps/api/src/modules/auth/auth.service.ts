import { type GlobalSettings, type LoggedInUser, TERMS_VERSION } from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomHex } from '../../lib/ids';
import { recordActivity } from '../activity';
import type { OtpService } from '../otp';
import type { ClientInfo, SessionUser, SessionsService } from '../sessions';
import { hashPassword, verifyPassword } from '../users';
import { findUserByMobile, findUserByNameKey, findUsersByEmail } from '../users';
import { CUSTOMER_USER_TYPE, createUser, userNameKey } from '../users';
import type { UserRow } from '../users';
import type { AccountHooks } from './account-hooks';
import { claimLoginCheck, clearLoginAttempts, releaseAddressAttempt, releaseLoginCheck } from './login-throttle';
import { RetryLaterError } from '../../plugins/error-handler';
import { assertPasswordAllowed } from '../users';
import { writeTransaction } from '../../db/unit-of-work';

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  sessions: SessionsService;
  otp: OtpService;
  settings: { getSettings(): Promise<GlobalSettings> };
  hooks: AccountHooks;
  chatUrl: string;
}

export interface SignupInput {
  userName: string;
  mobile: string;
  password: string;
  email?: string;
  referralCode?: string;
  otpRequestId?: string;
  otpCode?: string;
  /** The player confirmed being 18 or older and accepted the terms; absent: the caller did not ask (docs/accounts.md). */
  isAgeTermsConfirmed?: boolean;
}

/** Demo accounts have no usable password: this is not an argon2 hash, so nothing verifies against it. */
const NO_PASSWORD_HASH = '!no-password';
const DEMO_NAME_ATTEMPTS = 5;
const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password.';

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
  const { db, clock, sessions, otp, settings, hooks, chatUrl } = deps;
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

    /** A fresh play-money account per demo login, so demo players never log each other out. */
    async demoLogin(client: ClientInfo): Promise<LoggedInUser> {
      if ((await settings.getSettings()).demo !== '1') throw new AppError('REFUSED', 'Demo play is switched off.');
      for (let attempt = 1; ; attempt += 1) {
        const userName = `demo-${randomHex(3)}`;
        try {
          return await createAndLogIn(
            { userName, password: '', passwordHash: NO_PASSWORD_HASH, userTypeId: CUSTOMER_USER_TYPE, isDemo: true },
            client,
            ['login'],
          );
        } catch (error) {
          // Another demo player drew the same name: draw again.
          if (!(error instanceof AppError && error.code === 'CONFLICT') || attempt >= DEMO_NAME_ATTEMPTS) throw error;
        }
      }
    },

    /**
     * Nothing here may tell a stranger whether a mobile or an email has an account
     * (docs/refusals.md, "Sign-up and account discovery"): with OTP on, they are checked only once
     * the code has proved the mobile; with OTP off, after every other check, so only a request that
     * would create the account can learn it.
     */
    async signup(input: SignupInput, client: ClientInfo): Promise<LoggedInUser> {
      const current = await settings.getSettings();
      if (current.sign_up !== '1') throw new AppError('REFUSED', 'Sign-up is closed at the moment.');
      assertPasswordAllowed(input.password, input.userName);
      // User names are public (referral codes), so a taken one tells nothing new.
      if (await findUserByNameKey(db, userNameKey(input.userName))) {
        throw new AppError('CONFLICT', `The username ${input.userName} is taken. Please choose another.`);
      }
      let referredBy: number | null = null;
      if (input.referralCode) {
        const referrer = await findUserByNameKey(db, userNameKey(input.referralCode));
        if (!referrer || referrer.user_type_id !== CUSTOMER_USER_TYPE || referrer.is_demo || referrer.is_disabled) {
          throw new AppError('BAD_REQUEST', `The referral code ${input.referralCode} is not valid. Check it or leave it empty.`);
        }
        referredBy = referrer.id;
      }
      if (current.otp_enable === '1') {
        if (!input.otpRequestId || !input.otpCode) {
          throw new AppError('BAD_REQUEST', 'Please enter the OTP sent to your mobile.');
        }
        await otp.consume({ requestId: input.otpRequestId, mobile: input.mobile, code: input.otpCode });
      }
      if (await findUserByMobile(db, input.mobile)) {
        throw new AppError('CONFLICT', 'This mobile number is already registered. Log in, or reset your password.');
      }
      if (input.email && (await findUsersByEmail(db, input.email)).length > 0) {
        throw new AppError('CONFLICT', 'This email address is already registered. Log in, or use another address.');
      }
      const passwordHash = await hashPassword(input.password);
      return createAndLogIn(
        {
          userName: input.userName,
          password: input.password,
          passwordHash,
          userTypeId: CUSTOMER_USER_TYPE,
          mobile: input.mobile,
          email: input.email ? input.email.toLowerCase() : null,
          isSignupUser: true,
          referredBy,
          ...(input.isAgeTermsConfirmed ? { ageTermsConfirmed: { termsVersion: TERMS_VERSION } } : {}),
        },
        client,
        ['signup', 'login'],
      );
    },

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
