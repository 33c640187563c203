import { type LoggedInUser, TERMS_VERSION } from '@app/shared';
import { AppError } from '../../lib/app-error';
import { randomHex } from '../../lib/ids';
import type { ClientInfo } from '../sessions';
import {
  assertPasswordAllowed,
  CUSTOMER_USER_TYPE,
  findUserByMobile,
  findUserByNameKey,
  findUsersByEmail,
  hashPassword,
  userNameKey,
} from '../users';
import type { AccountsDeps } from './auth-deps';
import type { AuthSessions } from './auth-sessions';

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

/** New accounts: a demo player's, and a player's own sign-up (docs/accounts.md). */
export function createAuthSignup({ db, otp, settings }: AccountsDeps, { createAndLogIn }: AuthSessions) {
  return {
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
  };
}
