import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/db/errors';
import { readTogether, sendWithoutWaiting } from '../src/db/reusable-query';
import { writeTransaction } from '../src/db/unit-of-work';
import { testDatabaseKind } from './test-app';
import { openWalletTestDb, type WalletTestDb } from './wallet-support';

/*
 * Statements sent without waiting (docs/adr/0020-postgres-pipelined-transactions.md): what a unit of
 * work sends in one go is one write and one round trip on PostgreSQL, runs in order, and a failure
 * among them fails the unit of work with its own error and commits nothing. SQLite runs each
 * statement to completion in turn, with the same results.
 */

let t: WalletTestDb;

beforeAll(async () => {
  t = await openWalletTestDb();
  await t.db.schema
    .createTable('pipeline_probe')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .execute();
});
afterAll(async () => t.close());

const insert = (id: number) => CompiledQuery.raw('insert into pipeline_probe (id) values ($1)'.replace('$1', String(id)), []);
const ids = async () =>
  (
    await t.db
      .selectFrom('pipeline_probe' as never)
      .select('id' as never)
      .execute()
  ).map((row) => Number((row as { id: number }).id));

describe('statements sent without waiting', () => {
  it('run in the order sent, before the statement waited for after them', async () => {
    const seen = await writeTransaction(t.db, async (tx) => {
      await sendWithoutWaiting(tx, insert(1));
      await sendWithoutWaiting(tx, insert(2));
      const [rows, count] = await readTogether(tx, [
        () =>
          tx
            .selectFrom('pipeline_probe' as never)
            .select('id' as never)
            .execute(),
        async () =>
          (await tx.executeQuery<{ n: number }>(CompiledQuery.raw('select count(*) as n from pipeline_probe', []))).rows[0]?.n,
      ]);
      return { rows: rows.length, count: Number(count) };
    });
    expect(seen).toEqual({ rows: 2, count: 2 });
    expect((await ids()).sort()).toEqual([1, 2]);
  });

  it('fail the unit of work with their own error, and nothing of it commits', async () => {
    const failure = await writeTransaction(t.db, async (tx) => {
      await sendWithoutWaiting(tx, insert(3));
      await sendWithoutWaiting(tx, insert(1)); // already there: a unique violation
      await sendWithoutWaiting(tx, insert(4));
      await tx
        .selectFrom('pipeline_probe' as never)
        .select('id' as never)
        .execute();
    }).catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect((await ids()).sort()).toEqual([1, 2]);
  });

  it('fail the commit with their own error when nothing was waited for after them, and nothing commits', async () => {
    const failure = await writeTransaction(t.db, async (tx) => {
      await sendWithoutWaiting(tx, insert(5));
      await sendWithoutWaiting(tx, insert(2)); // already there
    }).catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect((await ids()).sort()).toEqual([1, 2]);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'go to PostgreSQL in one write with BEGIN and the read after them, or with the COMMIT',
    async () => {
      const writes = t.database.postgresWrites!;
      const before = writes();
      await writeTransaction(t.db, async (tx) => {
        await sendWithoutWaiting(tx, insert(10));
        await sendWithoutWaiting(tx, insert(11));
        await sendWithoutWaiting(tx, insert(12));
        await tx
          .selectFrom('pipeline_probe' as never)
          .select('id' as never)
          .execute();
      });
      // BEGIN, three inserts and the read in one write; COMMIT in a second.
      expect(writes() - before).toBe(2);
      const again = writes();
      await writeTransaction(t.db, async (tx) => {
        await sendWithoutWaiting(tx, insert(13));
        await sendWithoutWaiting(tx, insert(14));
      });
      // Nothing waited for: BEGIN, both inserts and COMMIT in one write.
      expect(writes() - again).toBe(1);
      expect((await ids()).sort((a, b) => a - b)).toEqual([1, 2, 10, 11, 12, 13, 14]);
    },
  );
});
