import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { dayOf, likePattern, pageOf } from '../../db/report-sql';
import { CUSTOMER_USER_TYPE } from './users.service';

/**
 * The reads the operator console asks of the users module (docs/console.md): the player search,
 * a player by name, names by id and the sign-ups per day. The console adds what other modules
 * hold (balances, last logins) through their faces.
 */

const PLAYER_COLUMNS = [
  'id',
  'user_name',
  'mobile',
  'email',
  'is_disabled',
  'is_demo',
  'is_change_password',
  'created_at',
] as const;

/** Players (customers), or those whose name, mobile or email holds `search`. */
function playerFilter(search: string | undefined) {
  const customers = sql<boolean>`user_type_id = ${CUSTOMER_USER_TYPE}`;
  if (!search) return customers;
  const pattern = likePattern(search);
  return sql<boolean>`${customers} and (lower(user_name) like ${pattern} escape '\\'
    or mobile like ${pattern} escape '\\' or lower(email) like ${pattern} escape '\\')`;
}

/** A page of players, newest first, and how many match. */
export async function searchPlayers(db: Db, search: string | undefined, limit: number, offset: number) {
  const filter = playerFilter(search);
  return pageOf(
    () => db.selectFrom('users').where(filter),
    (query) => query.select(PLAYER_COLUMNS).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  );
}

/** An account by its name key (any type), with the columns the console shows. */
export async function findPlayerByNameKey(db: Db, nameKey: string) {
  return db.selectFrom('users').select(PLAYER_COLUMNS).where('user_name_key', '=', nameKey).executeTakeFirst();
}

/** The names of these accounts, by id. */
export async function userNamesByIds(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'user_name']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [Number(row.id), row.user_name]));
}

/** Real players who signed up, per day (days since the epoch, UTC) from `from`. */
export async function dailySignups(db: Db, from: number) {
  return db
    .selectFrom('users')
    .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', from)
    .where('is_demo', '=', 0)
    .where('user_type_id', '=', CUSTOMER_USER_TYPE)
    .groupBy(dayOf('created_at'))
    .execute();
}
