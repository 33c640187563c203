import { ERROR_STATUS, type ErrorCode } from '@app/shared';

/** The one error type: a code from the closed list and a message the player may read. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** Sent as the refusal's `data` when set: what the client needs to act on it (e.g. the price now). */
  readonly data: unknown;

  constructor(code: ErrorCode, message: string, data?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.data = data;
  }
}
