/**
 * The closed list of refusal codes and the HTTP status each maps to (docs/product.md,
 * "Wire envelope and status codes"). 401 and 403 mean "your session is gone" and nothing else:
 * the site logs the user out on them.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  /** A payment gateway's callback whose signature is missing, wrong or outside its time window. */
  BAD_SIGNATURE: 400,
  SESSION_EXPIRED: 401,
  LOGGED_IN_ELSEWHERE: 401,
  /** The session reached the time limit the player set (docs/responsible-play.md). */
  SESSION_LIMIT_REACHED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** The request (headers and body) did not arrive within the server's time limit. */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  REQUEST_IN_FLIGHT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The request headers are larger than the server accepts. */
  HEADERS_TOO_LARGE: 431,
  REFUSED: 422,
  INVALID_CREDENTIALS: 422,
  /** The user must change the password (firstTimeUpdatePassword) before anything else. */
  PASSWORD_CHANGE_REQUIRED: 422,
  OTP_INVALID: 422,
  INSUFFICIENT_BALANCE: 422,
  ODDS_CHANGED: 422,
  MARKET_SUSPENDED: 422,
  MARKET_CLOSED: 422,
  STAKE_OUT_OF_RANGE: 422,
  /** Cash out: prices moved since the quote; `data` is the new quote (its `value`, docs/betting.md "Cash out"). */
  CASH_OUT_CHANGED: 422,
  /** Cash out is not offered on this market now: no position, a runner without a price, another kind of market. */
  CASH_OUT_UNAVAILABLE: 422,
  /** A responsible-play limit would be passed; the message names it and what is left. */
  LIMIT_REACHED: 422,
  /** A time-out or self-exclusion is running: no play, no deposits. */
  PLAY_PAUSED: 422,
  /** Deposits and withdrawals are not open to this account (demo, sub account, gateway off). */
  PAYMENTS_UNAVAILABLE: 422,
  /** A withdrawal needs an approved identity first. */
  IDENTITY_REQUIRED: 422,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const SESSION_ENDED_CODES: readonly ErrorCode[] = ['SESSION_EXPIRED', 'LOGGED_IN_ELSEWHERE', 'SESSION_LIMIT_REACHED'];
