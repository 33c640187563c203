import type { Db } from '../db/database';

export interface IdempotencyKeysTable {
  /** 0 for calls without a session. */
  user_id: number;
  idem_key: string;
  /** 'METHOD /api/path' the key was first used on. */
  route: string;
  /** SHA-256 of the route and the request body: a key reused with another body is refused. */
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: number;
}

/** Claims a key; false when someone already holds it. */
export async function claimIdempotencyKey(
  db: Db,
  row: Pick<IdempotencyKeysTable, 'user_id' | 'idem_key' | 'route' | 'request_hash' | 'created_at'>,
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({ ...row, state: 'in_flight', response_status: null, response_body: null })
    .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findIdempotencyKey(db: Db, userId: number, key: string): Promise<IdempotencyKeysTable | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

export async function completeIdempotencyKey(db: Db, userId: number, key: string, status: number, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: status, response_body: body })
    .where('user_id', '=', userId)
    .where('idem_key', '=', key)
    .execute();
}

export async function releaseIdempotencyKey(db: Db, userId: number, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('idem_key', '=', key).execute();
}

export async function deleteIdempotencyKeysBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
