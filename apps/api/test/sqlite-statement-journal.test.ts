import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { testDatabaseKind } from './test-app';
import { openWalletTestDb } from './wallet-support';

/**
 * The writer keeps its statement journal in memory (docs/adr/0022-sqlite-statement-journal-in-memory.md):
 * a savepoint that changed more than the 64 KiB SQLite would otherwise spill to a file still rolls
 * back alone, and what the transaction did before it commits.
 */
it.runIf(testDatabaseKind() === 'sqlite')(
  'rolls a savepoint of more than 64 KiB back alone, with the journal in memory on the writer',
  async () => {
    const t = await openWalletTestDb();
    try {
      const payload = 'x'.repeat(1_000);
      const kept = await t.db.transaction().execute(async (trx) => {
        const tempStore = await sql<{ temp_store: number }>`pragma temp_store`.execute(trx);
        expect(tempStore.rows[0]?.temp_store).toBe(2);
        const before = await trx
          .insertInto('outbox_events')
          .values({ topic: 'journal.kept', payload, created_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        await sql`savepoint big`.execute(trx);
        for (let index = 0; index < 300; index += 1) {
          await trx.insertInto('outbox_events').values({ topic: 'journal.undone', payload, created_at: 1 }).execute();
        }
        // Rows of the savepoint and the page of the row before it, changed again.
        await trx.updateTable('outbox_events').set({ topic: 'journal.changed' }).where('id', '=', before.id).execute();
        await sql`rollback to big`.execute(trx);
        await sql`release big`.execute(trx);
        return before.id;
      });
      const rows = await t.db.selectFrom('outbox_events').select(['id', 'topic']).where('topic', 'like', 'journal.%').execute();
      expect(rows).toEqual([{ id: kept, topic: 'journal.kept' }]);
    } finally {
      await t.database.close();
    }
  },
);
