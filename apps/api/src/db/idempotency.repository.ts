import type { Db } from './database';

export interface IdempotencyKeysTable {
  /** 0 for calls without a session. */
  user_id: number;
  idem_key: string;
  /** 'METHOD /api/path' the key was first used on. */
  route: string;
  /** SHA-256 of the route and the request body: a key reused with another body is refused. */
  request_hash: string;
  /**
   * 'result': a money transaction committed with this key; `response_body` is its result (JSON),
   * written in the same transaction. 'answer': the request was refused without moving money;
   * `response_status` and `response_body` are the HTTP answer to replay.
   */
  state: 'result' | 'answer';
  response_status: number | null;
  response_body: string | null;
  created_at: number;
}

export interface IdempotencyClaimRow {
  userId: number;
  key: string;
  route: string;
  requestHash: string;
  createdAt: number;
}

/**
 * Claims a key as the first write of a money transaction; false when it is taken. On PostgreSQL a
 * claim by a transaction still running makes this wait for its end (unique index), so a retry
 * racing its original sees the committed result instead of running twice.
 */
export async function claimIdempotencyKey(db: Db, claim: IdempotencyClaimRow): Promise<boolean> {
  const result = await insertKeyRow(db, claim, 'result', null, null);
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Inserts a key's row unless the key is taken (then nothing changes). */
function insertKeyRow(
  db: Db,
  claim: IdempotencyClaimRow,
  state: IdempotencyKeysTable['state'],
  status: number | null,
  body: string | null,
) {
  return db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      idem_key: claim.key,
      route: claim.route,
      request_hash: claim.requestHash,
      state,
      response_status: status,
      response_body: body,
      created_at: claim.createdAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
    .executeTakeFirst();
}

export async function findIdempotencyKey(db: Db, userId: number, key: string): Promise<IdempotencyKeysTable | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

/** The money transaction's result, stored under its key before COMMIT. */
export async function storeIdempotentResult(db: Db, userId: number, key: string, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_body: body })
    .where('user_id', '=', userId)
    .where('idem_key', '=', key)
    .execute();
}

/** A refusal's answer, stored after the fact; a key claimed meanwhile keeps its claim. */
export async function storeIdempotentAnswer(db: Db, claim: IdempotencyClaimRow, status: number, body: string): Promise<void> {
  await insertKeyRow(db, claim, 'answer', status, body);
}

export async function deleteIdempotencyKeysBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
