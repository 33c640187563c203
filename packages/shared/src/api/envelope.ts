import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './errors';

/** Every success answer: `{ status: true, message, data }`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), message: z.string(), data });
}

const errorCodes = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/**
 * Every refusal: `{ status: false, message, code, request_id }`, and for a few codes `data` that
 * helps the client act on it (`ODDS_CHANGED`: the price now, `oddsChangedDataSchema` in bets.ts;
 * `CASH_OUT_CHANGED`: the cash-out quote now, `cashOutQuoteSchema`;
 * `LIMIT_REACHED`: the limit and what is left, `limitReachedDataSchema` in responsible-play.ts).
 */
export const errorEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  code: z.enum(errorCodes),
  request_id: z.string().optional(),
  data: z.unknown().optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
