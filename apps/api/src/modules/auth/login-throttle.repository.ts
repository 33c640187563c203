import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Claims one attempt for the key, atomically: true when fewer than `limit` were claimed in its
 * window, or the window has passed (then a new one starts now). One guarded UPDATE, so parallel
 * claims — from any process — cannot get more than `limit` between them.
 */
export async function claimThrottleAttempt(db: Db, key: string, now: number, windowMs: number, limit: number): Promise<boolean> {
  await db
    .insertInto('login_throttle')
    .values({ throttle_key: key, window_start: now, attempts: 0 })
    .onConflict((oc) => oc.column('throttle_key').doNothing())
    .execute();
  const expiredBefore = now - windowMs;
  const result = await db
    .updateTable('login_throttle')
    .set({
      attempts: sql<number>`case when window_start <= ${expiredBefore} then 1 else attempts + 1 end`,
      window_start: sql<number>`case when window_start <= ${expiredBefore} then ${now} else window_start end`,
    })
    .where('throttle_key', '=', key)
    .where((eb) => eb.or([eb('window_start', '<=', expiredBefore), eb('attempts', '<', limit)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives one claimed attempt back (the attempt turned out not to be a failed guess). */
export async function releaseThrottleAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('throttle_key', '=', key)
    .where('attempts', '>', 0)
    .execute();
}

/** Forgets every attempt of the key's window (a good login, a new password). */
export async function clearThrottleAttempts(db: Db, key: string): Promise<void> {
  await db.updateTable('login_throttle').set({ attempts: 0 }).where('throttle_key', '=', key).execute();
}
