import { z } from 'zod';
import {
  ACCOUNT_NUMBER_PATTERN,
  DEPOSIT_STATUSES,
  DESTINATION_KINDS,
  HOLDER_NAME_PATTERN,
  IFSC_PATTERN,
  KYC_STATUSES,
  PAYMENT_METHODS,
  UPI_ID_PATTERN,
  WITHDRAW_STATUSES,
} from '../domain/payments';
import { isWholePaise } from '../domain/money';
import { isCalendarDay } from '../domain/wallet';
import { defineEndpoint, fileUpload } from './contract';
import { reportQuerySchema } from './wallet';

/**
 * Deposits, withdrawals and the identity check (docs/payments.md). Amounts are rupees with at
 * most two decimals on the wire; the gateway's callback is not a contract endpoint (the gateway,
 * not the site, calls it: `POST /api/payment/callback/{gateway}`).
 */

const MINUTE_MS = 60_000;
/** Rupees on the wire. */
const rupees = z.number();

const amount = z
  .number()
  .positive('amount must be more than 0')
  .max(10_000_000, 'amount must be at most 10000000')
  .refine(isWholePaise, 'amount must have at most two decimals');

/** Our order ids: 'D' and 24 hex characters. */
export const ORDER_ID_PATTERN = /^D[0-9a-f]{24}$/;
const orderId = z.string().regex(ORDER_ID_PATTERN, 'must be an order id from payment/createDeposit');
const positiveId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const createDeposit = defineEndpoint({
  method: 'POST',
  path: 'payment/createDeposit',
  auth: 'user',
  request: z.strictObject({ amount, method: z.enum(PAYMENT_METHODS) }),
  data: z.object({ order_id: z.string(), redirect_url: z.string(), status: z.literal('pending') }),
  /** A retry with the same key answers the same order instead of opening a second one. */
  isMoneyMoving: true,
  rateLimit: { max: 20, windowMs: MINUTE_MS },
});

export const getDeposit = defineEndpoint({
  method: 'POST',
  path: 'payment/getDeposit',
  auth: 'user',
  request: z.strictObject({ order_id: orderId }),
  data: z.object({ order_id: z.string(), status: z.enum(DEPOSIT_STATUSES), amount: rupees }),
});

const upiDestination = z.strictObject({
  kind: z.literal('upi'),
  upi_id: z.string().trim().max(320).regex(UPI_ID_PATTERN, 'upi_id must look like name@bank'),
});
const bankDestination = z.strictObject({
  kind: z.literal('bank'),
  account_number: z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, 'account_number must be 9 to 18 digits'),
  ifsc: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(IFSC_PATTERN, 'ifsc must be 11 characters like HDFC0001234')),
  holder_name: z.string().trim().regex(HOLDER_NAME_PATTERN, 'holder_name must be the account holder’s name'),
});

export const addDestination = defineEndpoint({
  method: 'POST',
  path: 'payment/addDestination',
  auth: 'user',
  request: z.discriminatedUnion('kind', [upiDestination, bankDestination]),
  data: z.object({ destination_id: z.number() }),
  rateLimit: { max: 20, windowMs: MINUTE_MS },
});

export const destinationSchema = z.object({
  destination_id: z.number(),
  kind: z.enum(DESTINATION_KINDS),
  /** What the site shows: the UPI id, or the bank, the last four digits and the holder. */
  label: z.string(),
  upi_id: z.string().nullable(),
  /** Only the last four digits. */
  account_number: z.string().nullable(),
  ifsc: z.string().nullable(),
  holder_name: z.string().nullable(),
});
export type PayoutDestination = z.infer<typeof destinationSchema>;

export const getDestinations = defineEndpoint({
  method: 'POST',
  path: 'payment/getDestinations',
  auth: 'user',
  request: z.strictObject({}),
  data: z.object({ destinations: z.array(destinationSchema) }),
});

export const requestWithdraw = defineEndpoint({
  method: 'POST',
  path: 'payment/requestWithdraw',
  auth: 'user',
  request: z.strictObject({ amount, destination_id: positiveId }),
  data: z.object({ withdraw_id: z.number(), status: z.literal('pending') }),
  isMoneyMoving: true,
  rateLimit: { max: 20, windowMs: MINUTE_MS },
});

export const cancelWithdraw = defineEndpoint({
  method: 'POST',
  path: 'payment/cancelWithdraw',
  auth: 'user',
  request: z.strictObject({ withdraw_id: positiveId }),
  data: z.object({ withdraw_id: z.number(), status: z.literal('cancelled') }),
  isMoneyMoving: true,
});

export const withdrawRowSchema = z.object({
  withdraw_id: z.number(),
  status: z.enum(WITHDRAW_STATUSES),
  amount: rupees,
  /** The destination as the site shows it (UPI id, or bank and last four digits). */
  destination: z.string(),
  /** The operator's reason for a rejection, or the gateway's for a failed payout. */
  reason: z.string().nullable(),
  /** ISO times: asked for, and last changed. */
  created_at: z.string(),
  updated_at: z.string(),
});
export type WithdrawRow = z.infer<typeof withdrawRowSchema>;

/** What /withdraw shows besides identity and destinations: what may be taken out, and what is on its way. */
export const getWithdrawInfo = defineEndpoint({
  method: 'POST',
  path: 'payment/getWithdrawInfo',
  auth: 'user',
  request: z.strictObject({}),
  data: z.object({
    /** Cash: bonus money and money held for open bets are not withdrawable. */
    withdrawable: rupees,
    min_withdraw: rupees,
    max_withdraw: rupees,
    /** Requests still holding money (pending or approved), newest first. */
    open: z.array(withdrawRowSchema),
  }),
});

const dateOfBirth = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date_of_birth must be a date like 1990-01-31')
  .refine(isCalendarDay, 'date_of_birth must be a real date');

/**
 * `kyc/submit` is multipart/form-data: the text fields, and the file `document` (its bytes
 * arrive as a Uint8Array; JPEG, PNG or WebP, checked by its first bytes, at most 5 MiB).
 */
export const kycSubmit = defineEndpoint({
  method: 'POST',
  path: 'kyc/submit',
  auth: 'user',
  request: z.strictObject({
    legal_name: z.string().trim().regex(HOLDER_NAME_PATTERN, 'legal_name must be your full name as on your ID'),
    date_of_birth: dateOfBirth,
    document: fileUpload('document must be an image file'),
  }),
  data: z.object({ status: z.literal('submitted') }),
  rateLimit: { max: 10, windowMs: 60 * MINUTE_MS },
});

export const kycStatus = defineEndpoint({
  method: 'POST',
  path: 'kyc/status',
  auth: 'user',
  request: z.strictObject({}),
  data: z.object({
    status: z.enum(KYC_STATUSES),
    /** The operator's reason, for a rejection. */
    reason: z.string().optional(),
  }),
});

const statementPaging = z.object({
  from_date: z.string(),
  to_date: z.string(),
  page: z.number(),
  limit: z.number(),
  total_rows: z.number(),
});

export const depositRowSchema = z.object({
  order_id: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  amount: rupees,
  method: z.enum(PAYMENT_METHODS),
  /** ISO times: ordered, and last changed (credited, failed or abandoned). */
  created_at: z.string(),
  updated_at: z.string(),
});
export type DepositRow = z.infer<typeof depositRowSchema>;

/** Deposits ordered in the range, newest first; net deposits = credited minus paid out in the range. */
export const depositStatement = defineEndpoint({
  method: 'POST',
  path: 'report/depositStatement',
  auth: 'user',
  request: reportQuerySchema,
  data: statementPaging.extend({
    rows: z.array(depositRowSchema),
    totals: z.object({ credited: rupees, pending: rupees }),
    net_deposits: rupees,
  }),
});

/** Withdrawals asked for in the range, newest first; pending counts approved ones too (money still held). */
export const withdrawStatement = defineEndpoint({
  method: 'POST',
  path: 'report/withdrawStatement',
  auth: 'user',
  request: reportQuerySchema,
  data: statementPaging.extend({
    rows: z.array(withdrawRowSchema),
    totals: z.object({ paid: rupees, pending: rupees }),
    net_deposits: rupees,
  }),
});
