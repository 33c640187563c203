/**
 * The payments pages' rules, pure (docs/payments.md): amounts, presets, the first-deposit offer and
 * the payout destination fields, checked here as the server checks them so a player sees the
 * problem beside the field. The server has the last word and its message is shown as it is.
 */

/** Rupees as the site shows them everywhere (docs/shell.md "Numbers"). */
export { formatRupees } from '@app/shared';

export interface DepositLimits {
  min: number;
  max: number;
}

export function depositLimits(settings: { min_deposit: string; max_deposit: string }): DepositLimits {
  return { min: Number(settings.min_deposit), max: Number(settings.max_deposit) };
}

/** The operator's presets that fall within the limits, in their order. */
export function depositPresets(settings: { deposit_presets: string }, limits: DepositLimits): number[] {
  if (!/^\d{1,8}(,\d{1,8}){0,5}$/.test(settings.deposit_presets)) return [];
  return settings.deposit_presets
    .split(',')
    .map(Number)
    .filter((value) => value >= limits.min && value <= limits.max);
}

/** The first-deposit offer, when the operator made one: `percent` of the deposit up to `max` rupees. */
export function firstDepositOffer(settings: {
  first_deposit_bonus_percent: string;
  first_deposit_bonus_max: string;
}): { percent: number; max: number } | null {
  const percent = Number(settings.first_deposit_bonus_percent);
  const max = Number(settings.first_deposit_bonus_max);
  return percent > 0 && max > 0 ? { percent, max } : null;
}

export type AmountProblem = 'required' | 'invalid' | 'decimals' | 'tooSmall' | 'tooLarge';

/** An amount as typed: rupees with at most two decimals, within [min, max]. */
export function parseAmount(text: string, limits: DepositLimits): { amount: number } | { problem: AmountProblem } {
  const value = text.trim();
  if (value === '') return { problem: 'required' };
  if (!/^\d+(\.\d+)?$/.test(value)) return { problem: 'invalid' };
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return { problem: 'decimals' };
  const amount = Number(value);
  if (amount < limits.min) return { problem: 'tooSmall' };
  if (amount > limits.max) return { problem: 'tooLarge' };
  return { amount };
}

export type DestinationDraft =
  { kind: 'upi'; upiId: string } | { kind: 'bank'; accountNumber: string; ifsc: string; holderName: string };

export type DestinationErrors = Partial<Record<'upiId' | 'accountNumber' | 'ifsc' | 'holderName', string>>;

/** The same rules as the contract (packages/shared/src/domain/payments.ts); values are message keys. */
export function validateDestination(draft: DestinationDraft): DestinationErrors {
  if (draft.kind === 'upi') {
    return /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/.test(draft.upiId.trim())
      ? {}
      : { upiId: 'payments.destinations.badUpi' };
  }
  const errors: DestinationErrors = {};
  if (!/^\d{9,18}$/.test(draft.accountNumber.trim())) errors.accountNumber = 'payments.destinations.badAccount';
  if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(draft.ifsc.trim().toUpperCase())) errors.ifsc = 'payments.destinations.badIfsc';
  if (!/^[\p{L}\p{M}][\p{L}\p{M} .'-]{1,99}$/u.test(draft.holderName.trim()))
    errors.holderName = 'payments.destinations.badHolder';
  return errors;
}

/** The contract's body for a destination draft that passed `validateDestination`. */
export function destinationBody(draft: DestinationDraft) {
  return draft.kind === 'upi'
    ? { kind: 'upi' as const, upi_id: draft.upiId.trim() }
    : {
        kind: 'bank' as const,
        account_number: draft.accountNumber.trim(),
        ifsc: draft.ifsc.trim().toUpperCase(),
        holder_name: draft.holderName.trim(),
      };
}

/** Whole years from a date of birth to today (both 'YYYY-MM-DD'), as the server counts them. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Identity documents the server takes: JPEG, PNG or WebP, at most 5 MiB. */
export const KYC_ACCEPT = 'image/jpeg,image/png,image/webp';
export const MAX_KYC_BYTES = 5 * 1024 * 1024;

/** What is wrong with a chosen document before it is sent (the server checks its bytes again). */
export function documentProblem(file: { type: string; size: number } | null): string | null {
  if (!file) return 'payments.identity.documentRequired';
  if (!KYC_ACCEPT.split(',').includes(file.type)) return 'payments.identity.documentType';
  if (file.size > MAX_KYC_BYTES) return 'payments.identity.documentSize';
  return null;
}

/** How long /deposit keeps asking about an order after the payer came back, before it says "still pending". */
export const OUTCOME_POLL_MS = 2_000;
export const OUTCOME_WAIT_MS = 120_000;
