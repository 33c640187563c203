import { passwordSchema, usernameSchema } from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hashPassword } from './password';
import { findUserById, findUserByMobile, findUserByNameKey, findUsersByEmail, insertUser } from './users.repository';

/** Customers are type 7: the only type that logs in on this site (docs/product.md §6). */
export const CUSTOMER_USER_TYPE = 7;
/** parent_id -1 marks a sub account (docs/product.md §3). */
export const SUB_ACCOUNT_PARENT_ID = -1;

export interface NewUser {
  userName: string;
  password: string;
  userTypeId: number;
  parentId?: number | null;
  mobile?: string | null;
  email?: string | null;
  isSignupUser?: boolean;
  isDemo?: boolean;
  mustChangePassword?: boolean;
  /** The customer whose referral code the player signed up with. */
  referredBy?: number | null;
  /** An argon2id hash made before the caller's transaction began; skips hashing `password`. */
  passwordHash?: string;
  /** The player confirmed being 18 or older and accepted these terms at sign-up (docs/accounts.md). */
  ageTermsConfirmed?: { termsVersion: string };
}

export function userNameKey(userName: string): string {
  return userName.trim().toLowerCase();
}

export async function createUser(db: Db, clock: Clock, user: NewUser): Promise<number> {
  const name = usernameSchema.safeParse(user.userName);
  if (!name.success) throw new AppError('BAD_REQUEST', name.error.issues[0]?.message ?? 'Invalid username');
  const password = passwordSchema.safeParse(user.password);
  if (!user.passwordHash && !password.success) {
    throw new AppError('BAD_REQUEST', password.error?.issues[0]?.message ?? 'Invalid password');
  }
  if (!Number.isInteger(user.userTypeId) || user.userTypeId < 0 || user.userTypeId > 99) {
    throw new AppError('BAD_REQUEST', 'User type must be a whole number from 0 to 99');
  }
  const parentId = user.parentId ?? null;
  if (parentId !== null && parentId !== SUB_ACCOUNT_PARENT_ID && !(await findUserById(db, parentId))) {
    throw new AppError('NOT_FOUND', `No parent user has id ${parentId}`);
  }
  if (await findUserByNameKey(db, userNameKey(name.data))) {
    throw new AppError('CONFLICT', `The username ${name.data} is taken`);
  }
  if (user.mobile && (await findUserByMobile(db, user.mobile))) {
    throw new AppError('CONFLICT', 'This mobile number is already registered. Log in, or reset your password.');
  }
  const email = user.email ? user.email.trim().toLowerCase() : null;
  if (email && (await findUsersByEmail(db, email)).length > 0) {
    throw new AppError('CONFLICT', 'This email address is already registered. Log in, or use another address.');
  }
  // A parallel registration of the same name, mobile or email loses on the unique index.
  const taken = new AppError(
    'CONFLICT',
    'This username, mobile number or email address has just been registered. Please choose another.',
  );
  return insertUser(db, {
    user_name: name.data,
    user_name_key: userNameKey(name.data),
    password_hash: user.passwordHash ?? (await hashPassword(user.password)),
    user_type_id: user.userTypeId,
    parent_id: parentId,
    mobile: user.mobile ?? null,
    email,
    is_signup_user: user.isSignupUser ? 1 : 0,
    is_demo: user.isDemo ? 1 : 0,
    is_change_password: user.mustChangePassword ? 1 : 0,
    referred_by: user.referredBy ?? null,
    created_at: clock.now(),
    age_terms_confirmed_at: user.ageTermsConfirmed ? clock.now() : null,
    terms_version: user.ageTermsConfirmed?.termsVersion ?? null,
  }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? taken : error;
  });
}
