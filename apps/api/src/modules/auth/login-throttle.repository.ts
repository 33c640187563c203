import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Claims one attempt for the key, atomically: the number of attempts in its window counting this
 * one, when fewer than `limit` were claimed before or the window has passed (then a new one starts
 * now); 0 when refused. One guarded UPDATE, so parallel claims — from any process — cannot get
 * more than `limit` between them.
 */
export async function claimThrottleAttempt(db: Db, key: string, now: number, windowMs: number, limit: number): Promise<number> {
  const expiredBefore = now - windowMs;
  // Twice at most: the purge (deleteThrottleWindowsBefore) may remove a passed window's row
  // between the two statements; a missing row is a fresh start, not a refusal.
  for (let round = 0; round < 2; round += 1) {
    await db
      .insertInto('login_throttle')
      .values({ throttle_key: key, window_start: now, attempts: 0 })
      .onConflict((oc) => oc.column('throttle_key').doNothing())
      .execute();
    const claimed = await db
      .updateTable('login_throttle')
      .set({
        attempts: sql<number>`case when window_start <= ${expiredBefore} then 1 else attempts + 1 end`,
        window_start: sql<number>`case when window_start <= ${expiredBefore} then ${now} else window_start end`,
      })
      .where('throttle_key', '=', key)
      .where((eb) => eb.or([eb('window_start', '<=', expiredBefore), eb('attempts', '<', limit)]))
      .returning('attempts')
      .executeTakeFirst();
    if (claimed) return Number(claimed.attempts);
    const row = await db.selectFrom('login_throttle').select('throttle_key').where('throttle_key', '=', key).executeTakeFirst();
    if (row) return 0;
  }
  return 0;
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

/** Forgets every attempt of the keys' windows (a good login, a new password). */
export async function clearThrottleAttempts(db: Db, keys: string[]): Promise<void> {
  await db.updateTable('login_throttle').set({ attempts: 0 }).where('throttle_key', 'in', keys).execute();
}

/** Forgets the counters whose window started at or before `before`; answers how many. */
export async function deleteThrottleWindowsBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('login_throttle').where('window_start', '<=', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Forgets every attempt of the keys that start with `prefix` (an operator unlocked from every
 * address). The prefix must hold no LIKE wildcard (`%`, `_`).
 */
export async function clearThrottleAttemptsByPrefix(db: Db, prefix: string): Promise<number> {
  const result = await db
    .updateTable('login_throttle')
    .set({ attempts: 0 })
    .where('throttle_key', 'like', `${prefix}%`)
    .where('attempts', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
