import { z } from 'zod';
import {
  VALIDATION_MESSAGES,
  ageTermsConfirmationSchema,
  mobileSchema,
  passwordSchema,
  usernameSchema,
} from '../validation/user';
import { defineEndpoint } from './contract';

/**
 * Account calls of docs/product.md §7, spelled as on the wire (typos included: `user/forgotPassord`,
 * `confrim_passowrd`, `referal_code`, `internelid`, `data['message-id']`). Answers the spec
 * leaves "not shown" are decided in docs/accounts.md.
 */

const MINUTE_MS = 60_000;
const yesNo = z.enum(['0', '1']);
/** Login accepts any stored password up to this length (the policy caps new ones at 64). */
const LOGIN_PASSWORD_MAX_LENGTH = 128;

/** A required text field: a missing or empty value reads '{field} is required' (docs/product.md §5). */
function requiredText(maxLength: number) {
  return z.string({ error: 'is required' }).min(1, 'is required').max(maxLength, `must be at most ${maxLength} characters`);
}

export const OTP_CODE_PATTERN = /^\d{6}$/;
export const otpCodeSchema = z.string({ error: 'is required' }).regex(OTP_CODE_PATTERN, 'must be the 6 digits sent by SMS');
/** A user id as the site may send it (number or digits); never used to pick the user. */
const ignoredUserId = z.union([z.number().int(), z.string().max(20)]).optional();

/** The user fields of docs/product.md §3 that login, demo login and sign-up answer. */
export const loggedInUserSchema = z.object({
  token: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_type_id: z.number().int(),
  /** -1 marks a sub account; null when the user has no parent. */
  parent_id: z.number().int().nullable(),
  is_signup_user: yesNo,
  is_change_password: yesNo,
  is_demo: yesNo,
  /** Address of the support chat; empty when none is configured. */
  chat_url: z.string(),
  /**
   * A time-out or self-exclusion is running: the session may see the balance and statements and
   * withdraw, nothing else (docs/responsible-play.md).
   */
  restricted: z.boolean(),
});
export type LoggedInUser = z.infer<typeof loggedInUserSchema>;

const noData = z.object({});

export const sendOtp = defineEndpoint({
  method: 'POST',
  path: 'otp/sendOtp',
  auth: 'public',
  request: z.strictObject({ mobile: mobileSchema }),
  data: z.object({ 'message-id': z.string() }),
  rateLimit: { max: 10, windowMs: 15 * MINUTE_MS },
});

export const login = defineEndpoint({
  method: 'POST',
  path: 'user/login',
  auth: 'public',
  request: z.strictObject({
    /** Username or email. */
    user_name: requiredText(254),
    password: requiredText(LOGIN_PASSWORD_MAX_LENGTH),
    type: z.literal('C', { error: "must be 'C'" }),
  }),
  data: loggedInUserSchema,
  rateLimit: { max: 60, windowMs: MINUTE_MS },
});

export const demoLogin = defineEndpoint({
  method: 'POST',
  path: 'user/demoLogin',
  auth: 'public',
  request: z.strictObject({ user_name: z.literal('demo', { error: "must be 'demo'" }).default('demo') }),
  data: loggedInUserSchema,
  // Each demo login creates a play-money account.
  rateLimit: { max: 20, windowMs: 60 * MINUTE_MS },
});

export const signup = defineEndpoint({
  method: 'POST',
  path: 'user/signup',
  auth: 'public',
  request: z
    .strictObject({
      user_name: usernameSchema,
      mobile: mobileSchema,
      password: passwordSchema,
      confirm_password: z.string({ error: 'is required' }),
      currency: z.literal('INR', { error: "must be 'INR'" }),
      /** A player's referral code is their user name; empty for none. */
      referal_code: z.string().max(20).optional(),
      email: z.union([z.literal(''), z.email('must be an email address').max(254)]).optional(),
      /** The request id (`message-id`) of sendOtp, when OTP is on. */
      internelid: z.string().max(64).optional(),
      code: z.string().max(6).optional(),
      /**
       * Ours, optional: the player confirmed being 18 or older and accepts the terms. The site
       * always sends it (its form cannot be sent unticked); false is refused; a caller that
       * leaves it out still signs up, and the account records no confirmation (docs/accounts.md).
       */
      age_terms_confirmed: ageTermsConfirmationSchema.optional(),
    })
    .refine((body) => body.confirm_password === body.password, {
      path: ['confirm_password'],
      message: VALIDATION_MESSAGES.doesNotMatch,
    }),
  data: loggedInUserSchema,
  rateLimit: { max: 10, windowMs: 60 * MINUTE_MS },
});

export const logout = defineEndpoint({
  method: 'POST',
  path: 'user/logout',
  auth: 'user',
  /** The bearer token decides which session ends; these fields are accepted and ignored. */
  request: z.strictObject({ token: z.string().max(200).optional(), user_id: ignoredUserId }),
  data: noData,
  allowedBeforePasswordChange: true,
});

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: 'user/forgotPassord',
  auth: 'public',
  request: z
    .strictObject({
      mobile: mobileSchema,
      password: passwordSchema,
      confrim_passowrd: z.string({ error: 'is required' }),
      otp: otpCodeSchema,
      request_id: requiredText(64),
    })
    .refine((body) => body.confrim_passowrd === body.password, {
      path: ['confrim_passowrd'],
      message: VALIDATION_MESSAGES.doesNotMatch,
    }),
  data: noData,
  rateLimit: { max: 20, windowMs: 15 * MINUTE_MS },
});

const passwordChangeFields = {
  old_password: requiredText(LOGIN_PASSWORD_MAX_LENGTH),
  new_password: passwordSchema,
  confirm_password: z.string({ error: 'is required' }),
};
const confirmsNewPassword = (body: { new_password: string; confirm_password: string }) =>
  body.confirm_password === body.new_password;
const newPasswordMismatch = { path: ['confirm_password'], message: VALIDATION_MESSAGES.doesNotMatch };

export const updatePassword = defineEndpoint({
  method: 'POST',
  path: 'user/updatePassword',
  auth: 'user',
  request: z
    .strictObject({
      ...passwordChangeFields,
      /** Accepted and ignored: the spec does not say what it is (docs/accounts.md). */
      transaction_code: z.string().max(64).optional(),
      user_name: z.string().max(64).optional(),
      user_id: ignoredUserId,
    })
    .refine(confirmsNewPassword, newPasswordMismatch),
  data: noData,
  rateLimit: { max: 10, windowMs: 15 * MINUTE_MS },
});

export const firstTimeUpdatePassword = defineEndpoint({
  method: 'POST',
  path: 'user/firstTimeUpdatePassword',
  auth: 'user',
  request: z
    .strictObject({ ...passwordChangeFields, user_type: z.literal('C').optional(), user_id: ignoredUserId })
    .refine(confirmsNewPassword, newPasswordMismatch),
  data: noData,
  allowedBeforePasswordChange: true,
  rateLimit: { max: 10, windowMs: 15 * MINUTE_MS },
});

export const ACTIVITY_EVENTS = [
  'login',
  'login_failed',
  'logout',
  'signup',
  'password_changed',
  'password_change_failed',
  'password_reset',
  'rg_limit_changed',
  'rg_session_controls',
  'rg_pause',
  'rg_return_requested',
  'session_limit_reached',
] as const;
export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];
export const ACTIVITY_PAGE_SIZE = 20;
/** The widest date range one activity-log request may ask for. */
export const ACTIVITY_MAX_RANGE_DAYS = 366;

export const activityLogRowSchema = z.object({
  id: z.number().int(),
  event: z.enum(ACTIVITY_EVENTS),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  ip: z.string(),
  device: z.string(),
});
export type ActivityLogRow = z.infer<typeof activityLogRowSchema>;

/** The caller's own activity, newest first, `from` ≤ time < `to` (epoch milliseconds). */
export const getActivityLog = defineEndpoint({
  method: 'POST',
  path: 'report/activityLog',
  auth: 'user',
  request: z
    .strictObject({
      from: z.number({ error: 'is required' }).int().min(0),
      to: z.number({ error: 'is required' }).int().min(0),
      page: z.number().int().min(1).max(10_000).default(1),
    })
    .refine((body) => body.from < body.to, { path: ['to'], message: 'must be after from' })
    .refine((body) => body.to - body.from <= ACTIVITY_MAX_RANGE_DAYS * 24 * 60 * MINUTE_MS, {
      path: ['to'],
      message: `the range may span at most ${ACTIVITY_MAX_RANGE_DAYS} days`,
    }),
  data: z.object({
    rows: z.array(activityLogRowSchema),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  }),
});
