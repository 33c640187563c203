/**
 * Payment rules both sides need: methods and statuses, the eligibility rule, the amounts, the
 * payout destinations' and the identity check's field rules. The reasons are in docs/payments.md.
 */
import { PAISE_PER_RUPEE } from './money';

export const PAYMENT_METHODS = ['upi', 'card', 'netbanking'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * `held`: the gateway reported paid after the order was abandoned or failed, and crediting it then
 * would have passed a deposit check (a limit, a pause): it waits for an operator; `refunded`: an
 * operator gave that payment back at the gateway (docs/payments.md, "Late payments").
 */
export const DEPOSIT_STATUSES = ['pending', 'credited', 'failed', 'abandoned', 'held', 'refunded'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const WITHDRAW_STATUSES = ['pending', 'approved', 'paid', 'failed', 'rejected', 'cancelled'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];
/** A withdrawal whose money is still held (withdrawals_pending): waiting for the operator or the payout. */
export const HELD_WITHDRAW_STATUSES: readonly WithdrawStatus[] = ['pending', 'approved'];

export const KYC_STATUSES = ['none', 'submitted', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const DESTINATION_KINDS = ['upi', 'bank'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

/** The `payment_gateway` setting: 1, 2 and 3 turn deposits and withdrawals on; 0 is off (docs/product.md §3). */
export const PAYMENT_GATEWAYS_ON: readonly string[] = ['1', '2', '3'];

export function isPaymentGatewayOn(setting: string): boolean {
  return PAYMENT_GATEWAYS_ON.includes(setting);
}

/**
 * Who may deposit and withdraw (docs/product.md §6): sign-up users, never a demo or a sub account
 * (parent_id -1), and only while the operator has a gateway on.
 */
export function canUsePayments(user: { isSignupUser: boolean; isDemo: boolean; parentId: number | null }, gateway: string) {
  return user.isSignupUser && !user.isDemo && user.parentId !== -1 && isPaymentGatewayOn(gateway);
}

/** Every payment is in rupees. */
export const PAYMENT_CURRENCY = 'INR';

/** The least one withdrawal may ask for (₹100) and the most (₹10 lakh). */
export const MIN_WITHDRAW_PAISE = 100 * PAISE_PER_RUPEE;
export const MAX_WITHDRAW_PAISE = 1_000_000 * PAISE_PER_RUPEE;
/** The deposit settings may not go beyond ₹1 crore. */
export const MAX_DEPOSIT_SETTING_RUPEES = 10_000_000;
/** Saved payout destinations a player may keep. */
export const MAX_DESTINATIONS = 5;
/** Identity documents: JPEG, PNG or WebP of at most 5 MiB. */
export const MAX_KYC_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const KYC_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A player must be this old to have their identity approved. */
export const MIN_PLAYER_AGE_YEARS = 18;

/** `name@bank` (NPCI's VPA: 2–256 characters before the @, a handle of letters after). */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** RBI's IFSC: four letters of the bank, a zero, six letters or digits of the branch. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers have 9 to 18 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
/** A person's name as a bank holds it: letters (any script), spaces and . ' - */
export const HOLDER_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'-]{1,99}$/u;

/** The deposit presets setting: 1 to 6 whole rupee amounts separated by commas, e.g. '500,1000,2000'. */
export const DEPOSIT_PRESETS_PATTERN = /^\d{1,8}(,\d{1,8}){0,5}$/;

export function parseDepositPresets(text: string): number[] {
  if (!DEPOSIT_PRESETS_PATTERN.test(text)) return [];
  return text
    .split(',')
    .map(Number)
    .filter((value) => value > 0);
}

/**
 * Whole years between a date of birth and a day (both 'YYYY-MM-DD'): a birthday on 29 February
 * counts from 1 March in other years, as Indian law reads it.
 */
export function ageOn(dateOfBirth: string, day: string): number {
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  let age = year - birthYear;
  if (month < birthMonth || (month === birthMonth && dayOfMonth < birthDay)) age -= 1;
  return age;
}

/** A bank account number as the site and statements show it: only its last four digits. */
export function maskAccountNumber(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`;
}

/**
 * The first-deposit bonus in paise: `percent` of the deposit, at most `maxPaise` (0 when either
 * is 0, so an operator turns it off with either).
 */
export function firstDepositBonusPaise(depositPaise: number, percent: number, maxPaise: number): number {
  if (percent <= 0 || maxPaise <= 0) return 0;
  return Math.min(maxPaise, Math.floor((depositPaise * percent) / 100));
}
