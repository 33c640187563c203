import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  claimThrottleAttempt,
  clearThrottleAttempts,
  deleteThrottleWindowsBefore,
  releaseThrottleAttempt,
} from './login-throttle.repository';

/**
 * Password guessing is throttled per account and per address (docs/accounts.md). Every password
 * check first claims an attempt from a counter; when none is left the answer is 429 until the
 * window passes. Claimed before argon2 runs, so parallel guesses share the same allowance.
 */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_LIMIT = 30;
const WINDOW_MINUTES = THROTTLE_WINDOW_MS / 60_000;

const addressKey = (ip: string) => `address:${ip}`;
const accountKey = (userId: number) => `account:${userId}`;

/** Claims a login attempt for the address, or refuses with 429. */
export async function claimAddressAttempt(db: Db, clock: Clock, ip: string): Promise<void> {
  if (!(await claimThrottleAttempt(db, addressKey(ip), clock.now(), THROTTLE_WINDOW_MS, ADDRESS_FAILURE_LIMIT))) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed login attempts from your network. Please try again in ${WINDOW_MINUTES} minutes.`,
    );
  }
}

/** Claims a password check for the account (login or password change), or refuses with 429. */
export async function claimAccountAttempt(db: Db, clock: Clock, userId: number): Promise<void> {
  if (!(await claimThrottleAttempt(db, accountKey(userId), clock.now(), THROTTLE_WINDOW_MS, ACCOUNT_FAILURE_LIMIT))) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed attempts for this account. Please try again in ${WINDOW_MINUTES} minutes or reset your password.`,
    );
  }
}

/** The address's attempt was not a wrong guess (right password, or refused before any check). */
export async function releaseAddressAttempt(db: Db, ip: string): Promise<void> {
  await releaseThrottleAttempt(db, addressKey(ip));
}

/** The account's attempt was not a wrong guess. */
export async function releaseAccountAttempt(db: Db, userId: number): Promise<void> {
  await releaseThrottleAttempt(db, accountKey(userId));
}

/** A good login or a new password: the account's count starts afresh. */
export async function clearAccountAttempts(db: Db, userId: number): Promise<void> {
  await clearThrottleAttempts(db, accountKey(userId));
}

/** How often each instance forgets counters whose window has passed (they would restart anyway). */
export const THROTTLE_PURGE_INTERVAL_MS = 60 * 60_000;

/** Forgets every counter whose window has passed: a passed window counts as no attempts at all. */
export function purgeExpiredThrottles(db: Db, clock: Clock): Promise<number> {
  return deleteThrottleWindowsBefore(db, clock.now() - THROTTLE_WINDOW_MS);
}
