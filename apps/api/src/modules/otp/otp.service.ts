import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DialectName } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomHex, sha256Hex } from '../../lib/ids';
import type { SmsProvider } from '../sms';
import {
  findOtpByRequestId,
  insertOtpCode,
  listOtpSendTimes,
  lockMobileForSend,
  markOtpUsed,
  spendOtpAttempt,
} from './otp.repository';
import { writeTransaction } from '../../db/unit-of-work';
import { RetryLaterError } from '../../plugins/error-handler';

/** OTP rules of docs/product.md; the send limits are ours (docs/accounts.md). */
export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_MS = 60_000;
export const OTP_HOURLY_CAP = 5;
const HOUR_MS = 60 * 60_000;

export interface OtpService {
  /** Sends a new code to the mobile; resolves to its request id (`message-id`). */
  send(mobile: string, ip: string): Promise<string>;
  /**
   * Checks a code for the mobile and uses it up, or refuses (422 OTP_INVALID). Runs on its own
   * connection, never in the caller's transaction: a wrong try must stay counted.
   */
  consume(input: { requestId: string; mobile: string; code: string }): Promise<void>;
}

/** Salted with the request id, so equal codes never share a stored value. */
function hashCode(requestId: string, code: string): string {
  return sha256Hex(`${requestId}:${code}`);
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function secondsText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
}

export function createOtpService(
  db: Db,
  dialect: DialectName,
  clock: Clock,
  sms: SmsProvider,
  logger: FastifyBaseLogger,
): OtpService {
  return {
    async send(mobile, ip) {
      const now = clock.now();
      const requestId = randomHex(16);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // Checked and recorded under the mobile's lock: parallel sends cannot all pass the cooldown.
      await writeTransaction(db, async (trx) => {
        await lockMobileForSend(trx, dialect, mobile);
        const recent = await listOtpSendTimes(trx, mobile, now - HOUR_MS);
        const latest = recent[0];
        if (latest !== undefined && now - latest < OTP_RESEND_COOLDOWN_MS) {
          // Retry-After: the site's Resend countdown shows exactly the server's wait.
          throw new RetryLaterError(
            'RATE_LIMITED',
            `A code was just sent to this number. Please wait ${secondsText(latest + OTP_RESEND_COOLDOWN_MS - now)} before asking again.`,
            (latest + OTP_RESEND_COOLDOWN_MS - now) / 1000,
          );
        }
        if (recent.length >= OTP_HOURLY_CAP) {
          const oldest = recent[recent.length - 1] ?? now;
          throw new RetryLaterError(
            'RATE_LIMITED',
            `Too many codes were sent to this number. Please try again in ${secondsText(oldest + HOUR_MS - now)}.`,
            (oldest + HOUR_MS - now) / 1000,
          );
        }
        await insertOtpCode(trx, {
          request_id: requestId,
          mobile,
          code_hash: hashCode(requestId, code),
          created_at: now,
          expires_at: now + OTP_TTL_MS,
          ip,
        });
      });
      // The SMS goes after the commit, so the lock is never held across the gateway call.
      try {
        await sms.send({ mobile, code, text: `${code} is your verification code. It expires in 5 minutes. Never share it.` });
      } catch (error) {
        logger.error({ err: error }, 'SMS send failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'We could not send the SMS just now. Please try again shortly.');
      }
      return requestId;
    },

    async consume({ requestId, mobile, code }) {
      const row = await findOtpByRequestId(db, requestId);
      const wrongOrOld = new AppError('OTP_INVALID', 'The OTP is wrong or has expired. Please request a new code.');
      // A code only works for the mobile it was sent to; another mobile learns nothing about it.
      if (!row || row.mobile !== mobile) throw wrongOrOld;
      if (row.used_at !== null || row.expires_at <= clock.now()) throw wrongOrOld;
      // Every check spends a try first, so parallel guesses share the same five.
      if (!(await spendOtpAttempt(db, row.id, OTP_MAX_ATTEMPTS))) {
        throw new AppError('OTP_INVALID', 'Too many wrong codes. Please request a new code.');
      }
      if (!sameHex(row.code_hash, hashCode(requestId, code))) {
        const left = OTP_MAX_ATTEMPTS - row.attempts - 1;
        throw new AppError(
          'OTP_INVALID',
          left > 0
            ? `The OTP is wrong. ${left} ${left === 1 ? 'try' : 'tries'} left.`
            : 'Too many wrong codes. Please request a new code.',
        );
      }
      if (!(await markOtpUsed(db, row.id, clock.now()))) throw wrongOrOld;
    },
  };
}
