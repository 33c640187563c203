import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate';
import { createTestDatabase, type TestDatabase } from './test-app';

/**
 * Migration 0222 fills the markets module's read model of settled targets (docs/sports.md,
 * "Market states") from the settlements an older release wrote: each target's latest settlement
 * that stands, void or not; a reversed one never counts.
 */
let testDb: TestDatabase;
let handle: DatabaseHandle;
let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  testDb = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', JOBS_ENABLED: '0', SEED_DEMO_DATA: '0', ...testDb.env });
  handle = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {});
  db = handle.db as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  await migrateUpTo(handle, '0221-audit-subject');
});
afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

it('keeps each target’s latest standing settlement, and none that was reversed', async () => {
  const settlement = (target: string, no: number, outcome: string, isReversed: number, at: number) =>
    db
      .insertInto('bet_settlements')
      .values({
        target,
        settlement_no: no,
        outcome,
        winner_selection_id: outcome === 'winner' ? 7 : null,
        result_run: null,
        source: 'operator',
        is_reversed: isReversed,
        created_at: at,
      })
      .execute();
  // Settled, then settled again as a void: the void stands.
  await settlement('M:1.101', 1, 'winner', 1, 1_000);
  await settlement('M:1.101', 2, 'void', 0, 2_000);
  // A fancy line settled once on its runs.
  await db
    .insertInto('bet_settlements')
    .values({
      target: 'F:55',
      settlement_no: 1,
      outcome: 'run',
      winner_selection_id: null,
      result_run: 42,
      source: 'feed',
      is_reversed: 0,
      created_at: 3_000,
    })
    .execute();
  // Voided, then settled with a winner: the winner stands.
  await settlement('M:1.202', 1, 'void', 1, 4_000);
  await settlement('M:1.202', 2, 'winner', 0, 5_000);

  await migrateToLatest(handle);

  const rows = (await sql`select target, is_void, settlement_no, settled_at from settled_targets order by target`.execute(db))
    .rows;
  expect(
    rows.map((row) =>
      Object.fromEntries(Object.entries(row as object).map(([key, value]) => [key, key === 'target' ? value : Number(value)])),
    ),
  ).toEqual([
    { target: 'F:55', is_void: 0, settlement_no: 1, settled_at: 3_000 },
    { target: 'M:1.101', is_void: 1, settlement_no: 2, settled_at: 2_000 },
    { target: 'M:1.202', is_void: 0, settlement_no: 2, settled_at: 5_000 },
  ]);
});
