import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDatabase, testDatabaseKind } from './test-app';

/** Creates and drops schemas in the same database until stopped, as other test files do. */
function churnSchemas(url: string): { stop(): Promise<void> } {
  const client = new pg.Client({ connectionString: url });
  let stopped = false;
  const running = (async () => {
    await client.connect();
    for (let index = 0; !stopped; index += 1) {
      const schema = `churn_${process.pid}_${index}`;
      await client.query(`create schema ${schema}; create table ${schema}.rows (id serial primary key, note text)`);
      await client.query(`drop schema ${schema} cascade`);
    }
    await client.end();
  })();
  return {
    async stop() {
      stopped = true;
      await running;
    },
  };
}

describe.runIf(testDatabaseKind() === 'postgres')('migrations on PostgreSQL', () => {
  it('run, and see only their own schema, while other schemas of the database come and go', async () => {
    const testDb = await createTestDatabase();
    const url = testDb.env.DATABASE_URL as string;
    const schema = testDb.env.DATABASE_SCHEMA as string;
    const database = openDatabase(url, { schema });
    const churn = churnSchemas(url);
    try {
      // Kysely's own introspector failed about one call in four here ("schema churn_… does not exist").
      await migrateToLatest(database);
      for (let round = 0; round < 20; round += 1) {
        await migrateToLatest(database);
        const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([schema]));
        expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['kysely_migration', 'ledger_accounts']));
      }
      const users = (await database.db.introspection.getTables()).find((table) => table.name === 'users');
      expect(users?.columns.find((column) => column.name === 'id')).toMatchObject({
        isAutoIncrementing: true,
        isNullable: false,
      });
    } finally {
      await churn.stop();
      await database.close();
      await testDb.drop();
    }
  });
});
