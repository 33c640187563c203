import { z } from 'zod';

/**
 * Account field rules of docs/product.md §5, shared by the forms and the server. Each rule carries the
 * translation key of its message; the server sends the English text of the same message.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{4,20}$/;
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d@$!%*#?&]{8,64}$/;
export const MOBILE_PATTERN = /^\+?\d{10,15}$/;
export const PASSWORD_MAX_LENGTH = 64;

export const VALIDATION_MESSAGES = {
  userNameValidationError: 'Username must be 4 to 20 letters, digits, underscores or hyphens',
  passwordError: 'Password Minimum eight characters, at least one letter and one number!',
  mobileError: 'Enter a valid mobile number',
  doesNotMatch: 'does not match',
} as const;

/**
 * The terms a player accepts at sign-up (the site's /policies/terms page); a change of the terms
 * text gets a new version, so each account records which it accepted (docs/accounts.md).
 */
export const TERMS_VERSION = '2026-01';

/**
 * Sign-up's confirmation that the player is 18 or older and accepts the terms: optional on the
 * wire (older callers omit it), but when sent it must be yes (true or 1): unticked is refused.
 */
export const ageTermsConfirmationSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'must be true' })
  .refine((value) => value === true || value === 1, 'You must confirm that you are 18 or older and accept the terms')
  .transform(() => true as const);

export const usernameSchema = z.string().regex(USERNAME_PATTERN, VALIDATION_MESSAGES.userNameValidationError);
export const passwordSchema = z.string().regex(PASSWORD_PATTERN, VALIDATION_MESSAGES.passwordError);
export const mobileSchema = z.string().regex(MOBILE_PATTERN, VALIDATION_MESSAGES.mobileError);
