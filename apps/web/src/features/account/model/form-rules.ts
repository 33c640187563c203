import { MOBILE_PATTERN, OTP_CODE_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_PATTERN, USERNAME_PATTERN } from '@app/shared';
import type { TFunction } from 'i18next';
import { z } from 'zod';

/**
 * The spec's §5 rules as zod schemas for the forms. Messages are translation keys; a
 * "{field} is required" message carries its field key after a '|', see translateFormError.
 */
export const MESSAGE = {
  userName: 'account.validation.userNameValidationError',
  password: 'account.validation.passwordError',
  passwordTooLong: 'account.validation.passwordTooLong',
  doesNotMatch: 'account.validation.doesNotMatch',
  mobile: 'account.validation.mobileError',
  mobileRequired: 'account.validation.mobileRequired',
  otp: 'account.validation.otpError',
  email: 'account.validation.emailError',
  ageTerms: 'account.validation.ageTermsRequired',
} as const;

export function requiredMessage(fieldKey: string): string {
  return `account.validation.required|${fieldKey}`;
}

/** Turns a form error message (a key, maybe with a field) into the player's language. */
export function translateFormError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const [key, fieldKey] = message.split('|');
  return fieldKey ? t(key ?? '', { field: t(fieldKey) }) : t(key ?? '');
}

const required = (fieldKey: string) => z.string().trim().min(1, requiredMessage(fieldKey));
const newPassword = (fieldKey: string) =>
  required(fieldKey).max(PASSWORD_MAX_LENGTH, MESSAGE.passwordTooLong).regex(PASSWORD_PATTERN, MESSAGE.password);
const mobile = z.string().trim().min(1, MESSAGE.mobileRequired).regex(MOBILE_PATTERN, MESSAGE.mobile);

export const loginFormSchema = z.object({
  user_name: required('account.fields.userNameOrEmail'),
  password: z.string().min(1, requiredMessage('account.fields.password')),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Registration; `otp` is checked only in the OTP variant. */
export function registerFormSchema(isOtpOn: boolean) {
  return z
    .object({
      user_name: required('account.fields.userName').regex(USERNAME_PATTERN, MESSAGE.userName),
      mobile,
      password: newPassword('account.fields.password'),
      confirm_password: z.string().min(1, requiredMessage('account.fields.confirmPassword')),
      email: z.union([z.literal(''), z.email(MESSAGE.email)]),
      referal_code: z.string().trim().max(20),
      code: isOtpOn ? required('account.fields.otp').regex(OTP_CODE_PATTERN, MESSAGE.otp) : z.string(),
      /** 18 or older and the terms: the form cannot be sent unticked (docs/accounts.md). */
      age_terms: z.boolean().refine((isTicked) => isTicked, MESSAGE.ageTerms),
    })
    .refine((form) => form.confirm_password === form.password, { path: ['confirm_password'], message: MESSAGE.doesNotMatch });
}
export type RegisterForm = z.infer<ReturnType<typeof registerFormSchema>>;

export const forgotPhoneSchema = z.object({ mobile });
export type ForgotPhoneForm = z.infer<typeof forgotPhoneSchema>;

export const forgotResetSchema = z
  .object({
    otp: required('account.fields.otp').regex(OTP_CODE_PATTERN, MESSAGE.otp),
    password: newPassword('account.fields.newPassword'),
    confrim_passowrd: z.string().min(1, requiredMessage('account.fields.confirmPassword')),
  })
  .refine((form) => form.confrim_passowrd === form.password, { path: ['confrim_passowrd'], message: MESSAGE.doesNotMatch });
export type ForgotResetForm = z.infer<typeof forgotResetSchema>;

export const changePasswordSchema = z
  .object({
    old_password: z.string().min(1, requiredMessage('account.fields.oldPassword')),
    new_password: newPassword('account.fields.newPassword'),
    confirm_password: z.string().min(1, requiredMessage('account.fields.confirmPassword')),
  })
  .refine((form) => form.confirm_password === form.new_password, { path: ['confirm_password'], message: MESSAGE.doesNotMatch });
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

/** Spaces are blocked in the user-name field (docs/product.md §5). */
export function withoutSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}
