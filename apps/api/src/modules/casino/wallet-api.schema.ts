import { z } from 'zod';

/**
 * The seamless wallet API providers call (modelled on Hub88's Wallet API; docs/casino.md).
 * Amounts are integer paise. Unknown fields are refused like everywhere else.
 */
export const WALLET_STATUSES = [
  'RS_OK',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_WRONG_CURRENCY',
  /** The platform refused the stake: a rule that sees every stake (docs/casino.md, "Wallet statuses"). */
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_UNKNOWN',
] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

export const WALLET_OPERATIONS = ['balance', 'bet', 'win', 'rollback'] as const;
export type WalletOperation = (typeof WALLET_OPERATIONS)[number];

const uuid = z.string().min(1).max(100);
const paise = z.number().int().min(0).max(1_000_000_000);
const base = {
  token: z.string().min(20).max(100),
  request_uuid: uuid,
  game_code: z.string().min(1).max(60),
};

/**
 * Every body names the operation it is for, inside the signed bytes: a signature then authorises
 * one operation only, and bytes signed for a win cannot be delivered as a rollback (docs/casino.md).
 */
const names = <O extends WalletOperation>(operation: O) => ({ operation: z.literal(operation) });

export const walletRequestSchemas = {
  balance: z.strictObject({ ...names('balance'), ...base, currency: z.string().length(3).optional() }),
  bet: z.strictObject({
    ...names('bet'),
    ...base,
    transaction_uuid: uuid,
    round: uuid,
    amount: paise,
    currency: z.string().length(3),
  }),
  win: z.strictObject({
    ...names('win'),
    ...base,
    transaction_uuid: uuid,
    reference_transaction_uuid: uuid,
    round: uuid,
    amount: paise,
    currency: z.string().length(3),
  }),
  rollback: z.strictObject({
    ...names('rollback'),
    ...base,
    transaction_uuid: uuid,
    reference_transaction_uuid: uuid,
    round: uuid,
    amount: paise.optional(),
    currency: z.string().length(3).optional(),
  }),
} as const;

export type WalletRequest<O extends WalletOperation> = z.infer<(typeof walletRequestSchemas)[O]>;

/** Every answer of the wallet API (HTTP 200, or 400 for a body that is not JSON or fails the schema). */
export const walletAnswerSchema = z.object({
  status: z.enum(WALLET_STATUSES),
  request_uuid: z.string(),
  /** The player as the wallet names them to providers. */
  user: z.string().optional(),
  currency: z.string().optional(),
  /** Paise the player can stake now. */
  balance: z.number().int().optional(),
  /** Why, for an error (never for RS_OK). */
  message: z.string().optional(),
});
export type WalletAnswer = z.infer<typeof walletAnswerSchema>;

/** The header that carries the signature: base64 RSA-SHA256 over the exact body bytes (docs/casino.md). */
export const WALLET_SIGNATURE_HEADER = 'X-Signature';

/** Where each operation is called: `POST /api/provider/wallet/...`. */
export function walletPath(operation: WalletOperation): string {
  return operation === 'balance' ? '/api/provider/wallet/user/balance' : `/api/provider/wallet/transaction/${operation}`;
}
