import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config/env';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { migrateUpTo } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import { totpCode, totpStep } from '../src/modules/operators';
import { createSettingsService } from '../src/modules/settings';
import { hashPassword } from '../src/modules/users';
import { prepareDatabase } from '../src/startup';
import { PNG_BYTES } from './payments-support';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './test-app';

/**
 * Migration 0170 on a database an older release left (docs/payments.md, docs/operators.md): it
 * rebuilds the deposits table on SQLite, closes duplicate identity submissions, names game
 * sessions' site sessions and drops the operators' old lock-out columns. Every row written before
 * it must survive as documented, and the site must read them after (and after 0175, which closes
 * duplicate four-eyes requests).
 */
const BEFORE_0170 = '0161-casino-console';
const PASSWORD = 'Migrate#2026ok';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const HOUR_MS = 3_600_000;

let testDb: TestDatabase;
let config: AppConfig;
let handle: DatabaseHandle;
/** The database as the older release saw it: its tables are not this release's types. */
let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const now = Date.now();
const ids: Record<string, number> = {};
const deposits: Record<string, unknown>[] = [];

const rowsOf = async (table: string, orderBy = 'id') =>
  (await sql.raw(`select * from ${table} order by ${orderBy}`).execute(db)).rows as Record<string, unknown>[];

/** Numbers as numbers: PostgreSQL answers bigint columns as text. */
const plain = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value]),
  );

async function insert(table: string, values: Record<string, unknown>): Promise<number> {
  const row = (await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number | string };
  return Number(row.id);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  config = loadConfig({ LOG_LEVEL: 'silent', JOBS_ENABLED: '0', SEED_DEMO_DATA: '0', ...testDb.env });
  handle = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {});
  db = handle.db as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  await migrateUpTo(handle, BEFORE_0170);

  const passwordHash = await hashPassword(PASSWORD);
  for (const name of ['mig_one', 'mig_two', 'mig_three', 'mig_four']) {
    ids[name] = await insert('users', {
      user_name: name,
      user_name_key: name,
      password_hash: passwordHash,
      user_type_id: 7,
      is_signup_user: 1,
      created_at: now - 48 * HOUR_MS,
    });
  }
  // Deposits in every status the older release knew, with and without their optional columns.
  const deposit = (orderId: string, status: string, extra: Record<string, unknown> = {}, agoHours = 2) => ({
    order_id: orderId,
    user_id: ids.mig_one,
    amount: 100_000 + deposits.length,
    currency: 'INR',
    method: 'upi',
    gateway: 'sandbox',
    status,
    provider_ref: null,
    redirect_url: null,
    ledger_transaction_id: null,
    created_at: now - agoHours * HOUR_MS,
    updated_at: now - agoHours * HOUR_MS + 60_000,
    ...extra,
  });
  for (const values of [
    deposit('D0000000000000000000000a1', 'pending', { redirect_url: '/sandbox-pay/abc', provider_ref: 'sbx_1' }, 1),
    deposit('D0000000000000000000000a2', 'credited', { provider_ref: 'sbx_2', ledger_transaction_id: 4242 }),
    deposit('D0000000000000000000000a3', 'failed', { provider_ref: 'sbx_3' }),
    deposit('D0000000000000000000000a4', 'abandoned', { redirect_url: '/sandbox-pay/def' }, 3),
    {
      ...deposit('D0000000000000000000000a5', 'credited', { ledger_transaction_id: 4243 }),
      user_id: ids.mig_two,
      method: 'card',
    },
  ]) {
    await insert('payment_deposits', values);
  }
  deposits.push(...(await rowsOf('payment_deposits')));

  // Identity: three waiting from one player (parallel submissions could store them), and one of each other kind.
  const submission = (user: string, status: string, agoHours: number, reason: string | null = null) => ({
    user_id: ids[user],
    legal_name: `Legal ${user}`,
    date_of_birth: '1990-04-01',
    document_name: `${user}-${agoHours}.png`,
    document_type: 'image/png',
    status,
    reason,
    created_at: now - agoHours * HOUR_MS,
    reviewed_at: status === 'submitted' ? null : now - agoHours * HOUR_MS + 60_000,
  });
  ids.oneOldest = await insert('kyc_submissions', submission('mig_one', 'submitted', 5));
  ids.oneOlder = await insert('kyc_submissions', submission('mig_one', 'submitted', 4));
  ids.oneNewest = await insert('kyc_submissions', submission('mig_one', 'submitted', 3));
  ids.twoApproved = await insert('kyc_submissions', submission('mig_two', 'approved', 6));
  ids.threeWaiting = await insert('kyc_submissions', submission('mig_three', 'submitted', 2));
  ids.fourRejected = await insert('kyc_submissions', submission('mig_four', 'rejected', 7, 'Blurred'));
  ids.fourWaiting = await insert('kyc_submissions', submission('mig_four', 'submitted', 1));
  // Before 0170 the documents were files in KYC_DOCUMENT_DIR.
  mkdirSync(config.KYC_DOCUMENT_DIR, { recursive: true });
  writeFileSync(path.join(config.KYC_DOCUMENT_DIR, 'mig_three-2.png'), PNG_BYTES);

  // Game sessions launched before: they name no site session.
  const providerId = await insert('casino_providers', {
    code: 'mig-provider',
    name: 'Migration Provider',
    public_key: 'key',
    launch_url: 'https://games.example/launch',
    created_at: now,
  });
  for (const [token, expiresAt] of [
    ['a'.repeat(64), now + 4 * HOUR_MS],
    ['b'.repeat(64), now - HOUR_MS],
  ] as const) {
    await db
      .insertInto('casino_game_sessions')
      .values({
        token_hash: token,
        user_id: ids.mig_one,
        provider_id: providerId,
        game_id: null,
        currency: 'INR',
        created_at: now - 5 * HOUR_MS,
        expires_at: expiresAt,
      })
      .execute();
  }

  // Operators: one locked out by the old per-operator counter, one not.
  for (const [name, failed, lockedUntil] of [
    ['mig-locked', 5, now + HOUR_MS],
    ['mig-fine', 0, null],
  ] as const) {
    ids[name] = await insert('operators', {
      name,
      name_key: name,
      role: 'finance',
      password_hash: passwordHash,
      totp_secret: TOTP_SECRET,
      totp_last_step: 0,
      failed_logins: failed,
      locked_until: lockedUntil,
      is_active: 1,
      created_at: now - 48 * HOUR_MS,
    });
  }
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

describe(`migration 0170 on rows written before it (${testDatabaseKind()})`, () => {
  let operatorsBefore: Record<string, unknown>[];
  let sessionsBefore: Record<string, unknown>[];

  it('stopped part-way, it changes nothing; once the cause is gone it runs whole', async () => {
    operatorsBefore = await rowsOf('operators');
    sessionsBefore = await rowsOf('casino_game_sessions', 'token_hash');
    const kycBefore = await rowsOf('kyc_submissions');
    // A name its fourth step needs is taken: it fails after rebuilding deposits and adding a table.
    await sql`create index kyc_submissions_one_waiting_uq on users (created_at)`.execute(db);
    await expect(migrateUpTo(handle, '0170-hardening-console')).rejects.toThrow(/0170-hardening-console/);
    expect((await rowsOf('payment_deposits')).map(plain)).toEqual(deposits.map(plain));
    expect(await rowsOf('kyc_submissions')).toEqual(kycBefore);
    expect(await rowsOf('operators')).toEqual(operatorsBefore);
    const tables =
      testDatabaseKind() === 'postgres'
        ? (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db))
            .rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
    expect(tables.map((row) => row.name)).not.toContain('kyc_documents');
    expect(tables.map((row) => row.name)).not.toContain('payment_deposits_0170');

    await sql`drop index kyc_submissions_one_waiting_uq`.execute(db);
    await migrateUpTo(handle, '0170-hardening-console');
  });

  it('keeps every deposit as it was, in every status, with the table’s rules and indexes', async () => {
    expect((await rowsOf('payment_deposits')).map(plain)).toEqual(deposits.map(plain));
    // The new statuses are allowed, an unknown one and an empty amount are not, and the rest holds.
    const [first] = deposits;
    await db.updateTable('payment_deposits').set({ status: 'held' }).where('id', '=', first!.id).execute();
    await db.updateTable('payment_deposits').set({ status: 'refunded' }).where('id', '=', first!.id).execute();
    await expect(
      db.updateTable('payment_deposits').set({ status: 'bogus' }).where('id', '=', first!.id).execute(),
    ).rejects.toThrow();
    await db.updateTable('payment_deposits').set({ status: first!.status }).where('id', '=', first!.id).execute();
    const fresh = { ...plain(first!), id: undefined, order_id: 'D0000000000000000000000b1' };
    delete fresh.id;
    await expect(insert('payment_deposits', { ...fresh, amount: 0 })).rejects.toThrow();
    await expect(insert('payment_deposits', { ...fresh, order_id: first!.order_id })).rejects.toThrow();
    await expect(insert('payment_deposits', { ...fresh, user_id: 999_999 })).rejects.toThrow();
    // A new order never takes an old order's id.
    const newId = await insert('payment_deposits', fresh);
    expect(newId).toBeGreaterThan(Math.max(...deposits.map((row) => Number(row.id))));
    await db.deleteFrom('payment_deposits').where('id', '=', newId).execute();
    const indexes =
      testDatabaseKind() === 'postgres'
        ? (
            await sql<{ name: string }>`select indexname as name from pg_indexes
              where tablename = 'payment_deposits' and schemaname = current_schema()`.execute(db)
          ).rows
        : (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'payment_deposits'`.execute(db)
          ).rows;
    expect(indexes.map((row) => row.name)).toEqual(
      expect.arrayContaining(['payment_deposits_user_idx', 'payment_deposits_status_idx']),
    );
  });

  it('leaves one identity submission waiting per player: the newest; the others closed with the reason', async () => {
    const rows = new Map((await rowsOf('kyc_submissions')).map((row) => [Number(row.id), row]));
    const closed = { status: 'rejected', reason: 'Sent again: the newer submission is the one checked' };
    expect(rows.get(ids.oneOldest!)).toMatchObject(closed);
    expect(rows.get(ids.oneOlder!)).toMatchObject(closed);
    expect(rows.get(ids.oneNewest!)).toMatchObject({ status: 'submitted', reason: null });
    expect(rows.get(ids.twoApproved!)).toMatchObject({ status: 'approved' });
    expect(rows.get(ids.threeWaiting!)).toMatchObject({ status: 'submitted' });
    expect(rows.get(ids.fourRejected!)).toMatchObject({ status: 'rejected', reason: 'Blurred' });
    expect(rows.get(ids.fourWaiting!)).toMatchObject({ status: 'submitted' });
    expect(rows.size).toBe(7);
  });

  it('keeps game sessions, naming no site session; and operators without the old lock-out columns', async () => {
    expect((await rowsOf('casino_game_sessions', 'token_hash')).map(plain)).toEqual(
      sessionsBefore.map((row) => ({ ...plain(row), session_id: null })),
    );
    expect((await rowsOf('operators')).map(plain)).toEqual(
      operatorsBefore.map((row) => {
        const { failed_logins: _failed, locked_until: _locked, ...rest } = plain(row);
        return rest;
      }),
    );
  });
});

describe(`the site on the migrated database (${testDatabaseKind()})`, () => {
  let app: FastifyInstance;
  let site: DatabaseHandle;

  beforeAll(async () => {
    // Two requests waiting for one withdrawal, as parallel requests could store before migration 0175.
    for (const requestedBy of [ids['mig-fine'], ids['mig-locked']]) {
      ids[`request${requestedBy}`] = await insert('operator_approvals', {
        kind: 'withdraw_approve',
        status: 'pending',
        target: 'withdraw:77',
        amount: 6_000_000,
        summary: 'pay out ₹60000.00 to mig_one',
        payload: JSON.stringify({ withdraw_id: 77 }),
        requested_by: requestedBy,
        requested_at: now - HOUR_MS,
      });
    }
    site = await prepareDatabase(config);
    await createSettingsService(site.db, systemClock).setSetting('payment_gateway', '1');
    app = await buildApp({ config, database: site });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await site?.close();
  });

  const post = (url: string, body: unknown, token?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/${url}`,
      payload: body as Record<string, unknown>,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  const login = async (name: string) => {
    const res = await post('user/login', { user_name: name, password: PASSWORD, type: 'C' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.token as string;
  };

  it('a player’s deposit statement shows every deposit in its status; their identity check waits', async () => {
    const token = await login('mig_one');
    const statement = await post('report/depositStatement', {}, token);
    expect(statement.statusCode, statement.body).toBe(200);
    const rows = statement.json().data.rows as { order_id: string; status: string; amount: number }[];
    expect(rows.map((row) => [row.order_id, row.status]).sort()).toEqual([
      ['D0000000000000000000000a1', 'pending'],
      ['D0000000000000000000000a2', 'credited'],
      ['D0000000000000000000000a3', 'failed'],
      ['D0000000000000000000000a4', 'abandoned'],
    ]);
    expect((await post('kyc/status', {}, token)).json().data).toEqual({ status: 'submitted' });
  });

  it('a document sent before is read from its file; a player with one waiting cannot send another', async () => {
    const locked = await post('admin/login', {
      user_name: 'mig-locked',
      password: PASSWORD,
      totp: totpCode(TOTP_SECRET, totpStep(Date.now())),
    });
    // The old lock-out (locked_until) is gone with its column: the operator logs in.
    expect(locked.statusCode, locked.body).toBe(200);
    const operatorToken = locked.json().data.token as string;
    const document = await post('admin/kycDocument', { user_name: 'mig_three' }, operatorToken);
    expect(document.statusCode, document.body).toBe(200);
    expect(Buffer.from(document.json().data.base64 as string, 'base64').equals(PNG_BYTES)).toBe(true);
    await expect(
      db
        .insertInto('kyc_submissions')
        .values({
          user_id: ids.mig_three,
          legal_name: 'Again',
          date_of_birth: '1990-04-01',
          document_name: 'again.png',
          document_type: 'image/png',
          status: 'submitted',
          created_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('a withdrawal with two four-eyes requests waiting keeps the first waiting (migration 0175)', async () => {
    const rows = await db
      .selectFrom('operator_approvals')
      .select(['id', 'status', 'reason', 'decided_by'])
      .where('target', '=', 'withdraw:77')
      .orderBy('id')
      .execute();
    expect(rows.map(plain)).toEqual([
      { id: ids[`request${ids['mig-fine']}`], status: 'pending', reason: null, decided_by: null },
      {
        id: ids[`request${ids['mig-locked']}`],
        status: 'rejected',
        reason: 'Asked again while an earlier request waited',
        decided_by: null,
      },
    ]);
  });
});
