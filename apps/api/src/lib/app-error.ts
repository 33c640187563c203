import { ERROR_STATUS, type ErrorCode } from '@app/shared';

/**
 * The one error type: a code from the closed list and a message the player may read. A refusal
 * (4xx) is an answer, not a fault: it carries no stack trace, whose capture was the largest single
 * cost of refusing a hostile body (11 µs of about 80, `npm run bench -- hostile`). A 5xx keeps
 * its stack for the log.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** Sent as the refusal's `data` when set: what the client needs to act on it (e.g. the price now). */
  readonly data: unknown;

  constructor(code: ErrorCode, message: string, data?: unknown) {
    const stackTraceLimit = Error.stackTraceLimit;
    if (ERROR_STATUS[code] < 500) Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.data = data;
  }
}
