import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import { writeTransaction } from '../../../db/unit-of-work';
import type { FeedStreamsTable } from './stream-state.table';

// The stream hand-over's SQL (stream-hand-over.ts): a lease row per stream, and its markets' states.

export type StreamRow = Selectable<FeedStreamsTable>;

export async function findStream(db: Db, key: string): Promise<StreamRow | undefined> {
  return db.selectFrom('feed_streams').selectAll().where('stream_key', '=', key).executeTakeFirst();
}

/**
 * Takes the stream when nobody holds it or its holder's lease ran out: one more epoch. Two
 * instances trying at once: the row's lock (PostgreSQL) or the one writer (SQLite) lets one in,
 * and the other's condition no longer holds.
 */
export async function takeStream(
  db: Db,
  key: string,
  holder: string,
  now: number,
  leaseMs: number,
): Promise<StreamRow | undefined> {
  await db
    .insertInto('feed_streams')
    .values({
      stream_key: key,
      holder: null,
      epoch: 0,
      lease_until: 0,
      position: 0,
      resume_point: null,
      anchor_at: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('stream_key').doNothing())
    .execute();
  const result = await db
    .updateTable('feed_streams')
    .set((eb) => ({ holder, epoch: eb('epoch', '+', 1), lease_until: now + leaseMs, updated_at: now }))
    .where('stream_key', '=', key)
    .where((eb) => eb.or([eb('holder', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const row = await findStream(db, key);
  return row && row.holder === holder ? row : undefined;
}

/** The first holder of a recording fixes when its first message plays; later holders keep it. */
export async function fixAnchor(db: Db, key: string, epoch: number, anchorAt: number): Promise<number | undefined> {
  await db
    .updateTable('feed_streams')
    .set({ anchor_at: anchorAt })
    .where('stream_key', '=', key)
    .where('epoch', '=', epoch)
    .where('anchor_at', 'is', null)
    .execute();
  const row = await findStream(db, key);
  return row?.anchor_at === null || row?.anchor_at === undefined ? undefined : Number(row.anchor_at);
}

export async function listStreamMarkets(db: Db, key: string, since?: { epoch: number; position: number }) {
  let query = db.selectFrom('feed_stream_markets').select(['market_id', 'image']).where('stream_key', '=', key);
  if (since) query = query.where('epoch', '=', since.epoch).where('position', '>', since.position);
  return query.execute();
}

/** Another holder took over (or the lease was given up): this instance must stop writing. */
export class LeaseLost extends Error {}

/**
 * Stores the holder's state at `position` and extends its lease, in one transaction, only while
 * it still holds the epoch: a holder that lost the stream writes nothing.
 */
export async function storeStreamState(
  db: Db,
  state: {
    key: string;
    holder: string;
    epoch: number;
    position: number;
    resumePoint: string | null;
    leaseUntil: number;
    now: number;
    markets: { marketId: string; image: string }[];
  },
): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const result = await tx
      .updateTable('feed_streams')
      .set({ position: state.position, resume_point: state.resumePoint, lease_until: state.leaseUntil, updated_at: state.now })
      .where('stream_key', '=', state.key)
      .where('holder', '=', state.holder)
      .where('epoch', '=', state.epoch)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1)
      throw new LeaseLost(`stream ${state.key} epoch ${state.epoch} is no longer held here`);
    for (const market of state.markets) {
      await tx
        .insertInto('feed_stream_markets')
        .values({
          stream_key: state.key,
          market_id: market.marketId,
          epoch: state.epoch,
          position: state.position,
          image: market.image,
          updated_at: state.now,
        })
        .onConflict((oc) =>
          oc
            .columns(['stream_key', 'market_id'])
            .doUpdateSet({ epoch: state.epoch, position: state.position, image: market.image, updated_at: state.now }),
        )
        .execute();
    }
  });
}

/** A holder that stops (a clean shutdown) gives the stream up at once, for the next to take. */
export async function releaseStream(db: Db, key: string, holder: string, epoch: number): Promise<void> {
  await db
    .updateTable('feed_streams')
    .set({ holder: null, lease_until: 0 })
    .where('stream_key', '=', key)
    .where('holder', '=', holder)
    .where('epoch', '=', epoch)
    .execute();
}
