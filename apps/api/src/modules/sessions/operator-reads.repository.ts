import type { Db } from '../../db/database';

/** The reads the operator console asks of the sessions module (docs/console.md). */

/** Each player's last login (the start of their newest session), by player id; absent: never. */
export async function lastLoginsOf(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('sessions')
    .select(['user_id', (eb) => eb.fn.max('created_at').as('at')])
    .where('user_id', 'in', unique)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.at)]));
}

/** Players with a live session seen since `since`. */
export async function countPlayersOnline(db: Db, since: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
    .where('ended_at', 'is', null)
    .where('last_seen_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
