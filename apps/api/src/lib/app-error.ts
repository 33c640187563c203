import { ERROR_STATUS, type ErrorCode, formatMoment } from '@app/shared';

/** Writes a moment (epoch ms) for whoever reads the message: the error handler passes the player's zone. */
export type MomentWriter = (epochMs: number) => string;

/** Without a player's zone (a log, an API client without the site's `tz` cookie): UTC, and it says so. */
export const utcMoment: MomentWriter = (epochMs) => `${formatMoment(epochMs, 'en', { timeZone: 'UTC' })} UTC`;

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
  /** A message that names a moment, written for its reader (messageFor). */
  private readonly write: ((moment: MomentWriter) => string) | undefined;

  /**
   * `message` may be a function of a moment writer when it names a time ("until …"): the error
   * handler writes it in the player's time zone (docs/shell.md "Dates and times"); `message`
   * itself (logs) is in UTC. Such a refusal should carry the moment in `data` too, so the site
   * can say it in Hindi and Bengali.
   */
  constructor(code: ErrorCode, message: string | ((moment: MomentWriter) => string), data?: unknown) {
    const stackTraceLimit = Error.stackTraceLimit;
    if (ERROR_STATUS[code] < 500) Error.stackTraceLimit = 0;
    try {
      super(typeof message === 'string' ? message : message(utcMoment));
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.data = data;
    this.write = typeof message === 'string' ? undefined : message;
  }

  /** The message with its moments written by `moment`. */
  messageFor(moment: MomentWriter): string {
    return this.write ? this.write(moment) : this.message;
  }
}
