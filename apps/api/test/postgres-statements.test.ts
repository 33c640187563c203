import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { MAX_NAMED, StatementNames } from '../src/db/postgres-statements';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './test-app';

/**
 * Named statements on PostgreSQL (docs/adr/0014-postgres-named-statements.md): which texts are
 * kept, that PostgreSQL really keeps them, and that a migration adding a column does not break a
 * connection that kept statements on the table.
 */
describe.skipIf(testDatabaseKind() === 'postgres')('which statements are named', () => {
  it('names a text with parameters once, and the same text under the same name', () => {
    const names = new StatementNames();
    const name = names.nameOf('select "balance" from "ledger_accounts" where "account_key" = $1', 1);
    expect(name).toMatch(/^app_\d+$/);
    expect(names.nameOf('select "balance" from "ledger_accounts" where "account_key" = $1', 1)).toBe(name);
    expect(names.nameOf('select "book" from "ledger_accounts" where "account_key" = $1', 1)).not.toBe(name);
  });

  it('leaves unnamed what is unsafe or unbounded to keep', () => {
    const names = new StatementNames();
    expect(names.nameOf('begin', 0)).toBeUndefined();
    expect(names.nameOf('select * from "payment_deposits" where "order_id" = $1', 1)).toBeUndefined();
    expect(names.nameOf('update "outbox_events" set "published_at" = $1 returning *', 1)).toBeUndefined();
    expect(names.nameOf('update "outbox_events" set "published_at" = $1 where "id" in ($2, $3)', 3)).toBeUndefined();
    expect(names.nameOf('insert into "t" ("a") values ($1), ($2)', 33)).toBeUndefined();
  });

  it(`keeps at most ${MAX_NAMED} texts; later ones run unnamed`, () => {
    const names = new StatementNames();
    for (let index = 0; index < MAX_NAMED; index += 1) {
      expect(names.nameOf(`select "a" from "t" where "b" = $1 and ${index} = ${index}`, 1)).toBeDefined();
    }
    expect(names.nameOf('select "a" from "t" where "c" = $1', 1)).toBeUndefined();
    expect(names.nameOf('select "a" from "t" where "b" = $1 and 0 = 0', 1)).toBe('app_0');
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('named statements on PostgreSQL', () => {
  let testDb: TestDatabase;
  const opened: DatabaseHandle[] = [];
  /** One connection, so every statement of a test runs on the session that kept the earlier ones. */
  const openOneConnection = (preparedStatements: boolean) => {
    const database = openDatabase(testDb.env.DATABASE_URL ?? '', {
      schema: testDb.env.DATABASE_SCHEMA ?? '',
      poolSize: 1,
      preparedStatements,
    });
    opened.push(database);
    return database.db;
  };
  const kept = async (db: ReturnType<typeof openOneConnection>) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((row) => row.statement);

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const admin = new pg.Client({ connectionString: testDb.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create table ${testDb.env.DATABASE_SCHEMA}.probe (id int primary key, name text)`);
    await admin.query(`insert into ${testDb.env.DATABASE_SCHEMA}.probe values (1, 'one'), (2, 'two')`);
    await admin.end();
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await testDb.drop();
  });

  it('keeps a statement with a column list, not one with *, and answers alike', async () => {
    const db = openOneConnection(true);
    for (const id of [1, 2, 1]) {
      const { rows } = await sql<{ name: string }>`select name from probe where id = ${id}`.execute(db);
      expect(rows).toEqual([{ name: id === 1 ? 'one' : 'two' }]);
    }
    await sql`select * from probe where id = ${1}`.execute(db);
    const statements = await kept(db);
    expect(statements).toContain('select name from probe where id = $1');
    expect(statements.some((text) => text.includes('*'))).toBe(false);
  });

  it('goes on answering on the same connection after a migration adds a column', async () => {
    const db = openOneConnection(true);
    await sql`select name from probe where id = ${1}`.execute(db);
    await sql`select * from probe where id = ${1}`.execute(db);
    await sql`alter table probe add column extra int`.execute(openOneConnection(true));
    expect((await sql`select name from probe where id = ${2}`.execute(db)).rows).toEqual([{ name: 'two' }]);
    expect((await sql`select * from probe where id = ${2}`.execute(db)).rows).toEqual([{ id: 2, name: 'two', extra: null }]);
  });

  it('keeps none with DATABASE_PREPARED_STATEMENTS=off', async () => {
    const db = openOneConnection(false);
    await sql`select name from probe where id = ${1}`.execute(db);
    await sql`select name from probe where id = ${2}`.execute(db);
    expect(await kept(db)).toEqual([]);
  });
});
