import type { ActivityEvent } from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { countEventsFromAddress, countUserEvents, lastUserEventAt } from '../activity/activity.repository';

/**
 * Password guessing is throttled per account and per address, counted from the activity log
 * (docs/accounts.md): more failures than these within the window answer 429 until it passes.
 */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_LIMIT = 30;
const FAILURE_EVENTS: ActivityEvent[] = ['login_failed', 'password_change_failed'];
const WINDOW_MINUTES = THROTTLE_WINDOW_MS / 60_000;

export async function assertAddressNotThrottled(db: Db, clock: Clock, ip: string): Promise<void> {
  const failures = await countEventsFromAddress(db, ip, FAILURE_EVENTS, clock.now() - THROTTLE_WINDOW_MS);
  if (failures >= ADDRESS_FAILURE_LIMIT) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed login attempts from your network. Please try again in ${WINDOW_MINUTES} minutes.`,
    );
  }
}

/** Failures since the last good login or reset within the window: a player who gets in starts afresh. */
export async function assertAccountNotThrottled(db: Db, clock: Clock, userId: number): Promise<void> {
  const windowStart = clock.now() - THROTTLE_WINDOW_MS;
  const lastLogin = await lastUserEventAt(db, userId, ['login', 'password_reset']);
  const since = Math.max(windowStart, lastLogin === null ? 0 : lastLogin + 1);
  const failures = await countUserEvents(db, userId, FAILURE_EVENTS, since);
  if (failures >= ACCOUNT_FAILURE_LIMIT) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed attempts for this account. Please try again in ${WINDOW_MINUTES} minutes or reset your password.`,
    );
  }
}
