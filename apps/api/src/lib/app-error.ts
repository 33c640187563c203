import { ERROR_STATUS, type ErrorCode } from '@app/shared';

/** The one error type: a code from the closed list and a message the player may read. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
  }
}
