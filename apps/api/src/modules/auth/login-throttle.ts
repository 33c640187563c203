import type { Db } from '../../db/database';
import type { Tx } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { RetryLaterError } from '../../plugins/error-handler';
import { hasRecentLoginFrom } from '../sessions';
import {
  claimThrottleAttempt,
  clearThrottleAttempts,
  deleteThrottleWindowsBefore,
  releaseThrottleAttempt,
} from './login-throttle.repository';

/**
 * Password guessing is throttled so that it slows the guesser and never locks the owner out
 * (docs/refusals.md, "Throttling"). Every password check first claims an attempt from counters
 * (claimed before argon2 runs, so parallel guesses share the allowance, in any process; a login's
 * claims commit together):
 * - per address, across every name: ADDRESS_FAILURE_LIMIT;
 * - per account and address pair: PAIR_FAILURE_LIMIT;
 * - per account, across addresses: ACCOUNT_FAILURE_LIMIT. Once it is used up the account is under
 *   attack, and an address that has not proved itself (no login of this account from it in the
 *   last KNOWN_ADDRESS_DAYS days) gets one check per window instead of PAIR_FAILURE_LIMIT. The
 *   owner's right password from a new address is therefore still checked (and logs in); a guesser
 *   needs a fresh address for every further guess.
 * Password changes (a logged-in user) count on their own per-account counter.
 */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const PAIR_FAILURE_LIMIT = 5;
/** Checks an unproven address gets per window while the account is under attack. */
export const UNPROVEN_PAIR_LIMIT_UNDER_ATTACK = 1;
export const ADDRESS_FAILURE_LIMIT = 30;
export const PASSWORD_CHANGE_LIMIT = 10;
/** A login from an address in this many days makes it a known address of the account. */
export const KNOWN_ADDRESS_DAYS = 30;
const WINDOW_MINUTES = THROTTLE_WINDOW_MS / 60_000;
const WINDOW_SECONDS = THROTTLE_WINDOW_MS / 1000;

const addressKey = (ip: string) => `address:${ip}`;
const accountKey = (userId: number) => `account:${userId}`;
const pairKey = (userId: number, ip: string) => `pair:${userId}:${ip}`;
const changeKey = (userId: number) => `change:${userId}`;

const tooMany = (message: string) => new RetryLaterError('RATE_LIMITED', message, WINDOW_SECONDS);

/** What a login claimed, to give back if its password check cannot run. */
export interface LoginClaim {
  ip: string;
  /** The account the name names; null for a name no account has. */
  userId: number | null;
  isAccountClaimed: boolean;
}

/**
 * Claims a password check (before argon2 runs) from the address, and of the account from the
 * address when the name is an account's, or refuses with 429. Runs in one transaction, so a
 * refusal rolls back every count it took and a login costs one commit here, not one per counter.
 */
export async function claimLoginCheck(tx: Tx, clock: Clock, ip: string, userId: number | null): Promise<LoginClaim> {
  const now = clock.now();
  if (!(await claimThrottleAttempt(tx, addressKey(ip), now, THROTTLE_WINDOW_MS, ADDRESS_FAILURE_LIMIT))) {
    throw tooMany(`Too many failed login attempts from your network. Please try again in ${WINDOW_MINUTES} minutes.`);
  }
  if (userId === null) return { ip, userId, isAccountClaimed: false };
  const pairAttempts = await claimThrottleAttempt(tx, pairKey(userId, ip), now, THROTTLE_WINDOW_MS, PAIR_FAILURE_LIMIT);
  if (!pairAttempts) {
    throw tooMany(
      `Too many failed attempts for this account from your network. Please try again in ${WINDOW_MINUTES} minutes or reset your password.`,
    );
  }
  if (await claimThrottleAttempt(tx, accountKey(userId), now, THROTTLE_WINDOW_MS, ACCOUNT_FAILURE_LIMIT)) {
    return { ip, userId, isAccountClaimed: true };
  }
  // Under attack: a known address goes on as usual, a new one gets its first check only.
  const underAttack = { ip, userId, isAccountClaimed: false };
  if (pairAttempts <= UNPROVEN_PAIR_LIMIT_UNDER_ATTACK) return underAttack;
  if (await hasRecentLoginFrom(tx, userId, ip, now - KNOWN_ADDRESS_DAYS * 24 * 60 * 60_000)) return underAttack;
  throw tooMany(
    `This account has had many failed logins, so a new device gets one try every ${WINDOW_MINUTES} minutes. ` +
      'Please try again later, log in from a device you used before, or reset your password by SMS.',
  );
}

/** Claims a password check for a password change of a logged-in user, or refuses with 429. */
export async function claimPasswordChangeCheck(db: Db, clock: Clock, userId: number): Promise<void> {
  if (!(await claimThrottleAttempt(db, changeKey(userId), clock.now(), THROTTLE_WINDOW_MS, PASSWORD_CHANGE_LIMIT))) {
    throw tooMany(`Too many wrong old passwords. Please try again in ${WINDOW_MINUTES} minutes or reset your password.`);
  }
}

/** The check did not run (hashing too busy): every attempt it claimed goes back. */
export async function releaseLoginCheck(tx: Tx, claim: LoginClaim): Promise<void> {
  await releaseThrottleAttempt(tx, addressKey(claim.ip));
  if (claim.userId === null) return;
  await releaseThrottleAttempt(tx, pairKey(claim.userId, claim.ip));
  if (claim.isAccountClaimed) await releaseThrottleAttempt(tx, accountKey(claim.userId));
}

/** The address's attempt was not a wrong guess (right password, or refused after the check). */
export async function releaseAddressAttempt(tx: Tx, ip: string): Promise<void> {
  await releaseThrottleAttempt(tx, addressKey(ip));
}

/** The password change's check was not a wrong guess. */
export async function releasePasswordChangeCheck(db: Db, userId: number): Promise<void> {
  await releaseThrottleAttempt(db, changeKey(userId));
}

/** A good login: the account's and this pair's counts start afresh. */
export async function clearLoginAttempts(db: Db, userId: number, ip: string): Promise<void> {
  await clearThrottleAttempts(db, [accountKey(userId), pairKey(userId, ip)]);
}

/** A new password: guesses at the old one are moot, every count of the account starts afresh. */
export async function clearAccountAttempts(db: Db, userId: number): Promise<void> {
  await clearThrottleAttempts(db, [accountKey(userId), changeKey(userId)]);
}

/** How often each instance forgets counters whose window has passed (they would restart anyway). */
export const THROTTLE_PURGE_INTERVAL_MS = 60 * 60_000;

/** Forgets every counter whose window has passed: a passed window counts as no attempts at all. */
export function purgeExpiredThrottles(db: Db, clock: Clock): Promise<number> {
  return deleteThrottleWindowsBefore(db, clock.now() - THROTTLE_WINDOW_MS);
}
