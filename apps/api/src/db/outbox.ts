import type { Db } from './database';
import { reusableStatement } from './reusable-query';
import { isPostgres, type Tx } from './unit-of-work';

export interface OutboxEvent {
  id: number;
  topic: string;
  payload: unknown;
}

// Compiled once: every money transaction writes one.
const insertEvent = reusableStatement(
  (db: Db, topic: string, payload: string, createdAt: number) =>
    db.insertInto('outbox_events').values({ topic, payload, created_at: createdAt }),
  ['\u0000topic', '\u0000payload', -987_654_321] as const,
);

/** Writes an event inside the caller's transaction: it exists exactly when the transaction commits. */
export async function appendOutboxEvent(tx: Tx, topic: string, payload: unknown, now: number): Promise<void> {
  await insertEvent(tx, topic, JSON.stringify(payload), now);
}

/** Takes the oldest unpublished events for this relay (PostgreSQL: rows other relays hold are skipped). */
export async function takeUnpublished(tx: Tx, limit: number): Promise<OutboxEvent[]> {
  let query = tx
    .selectFrom('outbox_events')
    .select(['id', 'topic', 'payload'])
    .where('published_at', 'is', null)
    .orderBy('id')
    .limit(limit);
  if (isPostgres(tx)) query = query.forUpdate().skipLocked();
  const rows = await query.execute();
  return rows.map((row) => ({ id: Number(row.id), topic: row.topic, payload: JSON.parse(row.payload) as unknown }));
}

export async function markPublished(tx: Tx, ids: number[], now: number): Promise<void> {
  if (ids.length > 0) await tx.updateTable('outbox_events').set({ published_at: now }).where('id', 'in', ids).execute();
}

export async function hasUnpublished(db: Db): Promise<boolean> {
  const row = await db.selectFrom('outbox_events').select('id').where('published_at', 'is', null).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function deletePublishedBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('outbox_events').where('published_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** When the oldest event still waiting to be published was written (ms), if any: the relay's lag. */
export async function oldestUnpublishedAt(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('outbox_events')
    .select('created_at')
    .where('published_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.created_at);
}
