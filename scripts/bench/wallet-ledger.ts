import type { Insertable } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config/env';
import type { DatabaseHandle } from '../../apps/api/src/db/database';
import { systemClock } from '../../apps/api/src/lib/clock';
import { insertUser } from '../../apps/api/src/modules/users/users.repository';
import type { UsersTable } from '../../apps/api/src/modules/users/users.table';
import { createMoneyModule } from '../../apps/api/src/modules/money';
import { prepareDatabase } from '../../apps/api/src/startup';
import { moneyTransaction } from '../../apps/api/src/db/unit-of-work';

/**
 * Ledger debits per second through the unit of work (Kysely; the player's lock, the guarded update,
 * the transaction, its outbox event and its two entries) against the raw driver running the very
 * same statements by hand.
 */

export interface LedgerBenchTarget {
  kind: 'sqlite' | 'postgres';
  /** Parallel writers, each debiting its own player (PostgreSQL only; SQLite has one writer). */
  writers: number;
  debits: number;
}

export interface LedgerBenchResult {
  serviceRate: number;
  rawRate: number;
}

const PLAYER_FUNDS = 1_000_000_000;
/** Debits each path makes before the measured ones. */
const WARM_UP_DEBITS = 2_000;
/** The measured debits are split into this many alternating service / raw slices. */
const SLICES = 10;

export async function openTarget(
  kind: 'sqlite' | 'postgres',
): Promise<{ database: DatabaseHandle; url: string; schema?: string; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'casino-ledger-bench-'));
    const url = `sqlite:${path.join(folder, 'ledger.db')}`;
    const database = await prepareDatabase(loadConfig({ DATABASE_URL: url, SEED_DEMO_DATA: '0', LOG_LEVEL: 'silent' }));
    return { database, url, drop: async () => rmSync(folder, { recursive: true, force: true }) };
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await prepareDatabase(
    loadConfig({ DATABASE_URL: url, DATABASE_SCHEMA: schema, SEED_DEMO_DATA: '0', LOG_LEVEL: 'silent' }),
  );
  return {
    database,
    url,
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

async function fundedPlayers(database: DatabaseHandle, count: number, prefix: string): Promise<number[]> {
  const { money } = createMoneyModule({ db: database.db, clock: systemClock });
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `${prefix}${index}`;
    const userId = await insertUser(database.db, benchCustomer(name));
    await moneyTransaction(database.db, { userIds: [userId], now: Date.now() }, (trx) =>
      money.operatorAdjust(trx, {
        userId,
        direction: 'credit',
        amount: PLAYER_FUNDS,
        reference: `bench:${name}`,
        reason: 'bench',
      }),
    );
    ids.push(userId);
  }
  return ids;
}

/** Splits `total` debits over one writer per player and runs them all; resolves to debits per second. */
async function timed(players: number[], total: number, debit: (userId: number, index: number) => Promise<void>): Promise<number> {
  const perWriter = Math.floor(total / players.length);
  const started = performance.now();
  await Promise.all(
    players.map(async (userId) => {
      for (let index = 0; index < perWriter; index += 1) await debit(userId, index);
    }),
  );
  return (perWriter * players.length) / ((performance.now() - started) / 1000);
}

/** The statements one debit through the unit of work runs, in its order. */
const SQL = {
  playerLock: 'select pg_advisory_xact_lock(1, $1::int)',
  guardedUpdate:
    'update ledger_accounts set balance = balance + $1 where account_key = $2 and balance + $3 >= 0 returning id, balance, book, app_user_changed(owner_user_id) as user_changed',
  insertTransaction:
    'insert into ledger_transactions (kind, reference, book, user_id, session_id, note, reverses_transaction_id, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id',
  insertOutbox: 'insert into outbox_events (topic, payload, created_at, published_at) values ($1, $2, $3, $4)',
  insertEntries:
    'insert into ledger_entries (transaction_id, account_id, book, amount, balance_after, created_at) values ($1, $2, $3, $4, $5, $6), ($7, $8, $9, $10, $11, $12)',
  houseId: "select id from ledger_accounts where account_key = 'house:real'",
};
let debitCount = 0;
const nextReference = () => `bench-debit:${(debitCount += 1)}`;
const toSqlite = (sql: string) => sql.replace(/\$\d+/g, '?');

export async function benchLedger(target: LedgerBenchTarget): Promise<LedgerBenchResult> {
  // Each path gets its own fresh database with the same schema, so neither slows the other.
  const serviceTarget = await openTarget(target.kind);
  const rawTarget = await openTarget(target.kind);
  try {
    const writers = target.kind === 'sqlite' ? 1 : target.writers;
    const { money } = createMoneyModule({ db: serviceTarget.database.db, clock: systemClock });
    const servicePlayers = await fundedPlayers(serviceTarget.database, writers, 'svc');
    const rawPlayers = await fundedPlayers(rawTarget.database, writers, 'raw');
    // The raw path must not share a connection with the migrated handle.
    await rawTarget.database.close();
    const serviceDebit = (userId: number) =>
      moneyTransaction(serviceTarget.database.db, { userIds: [userId], now: Date.now() }, (trx) =>
        money.operatorAdjust(trx, { userId, direction: 'debit', amount: 1, reference: nextReference(), reason: 'bench' }),
      ).then(() => undefined);
    const raw =
      target.kind === 'sqlite' ? rawSqlite(rawTarget.url) : await rawPostgres(rawTarget.url, rawTarget.schema as string);
    // Warm both paths up to the steady state of a running server (V8 optimises the service's many
    // functions later than the raw loop's few: after 200 debits the first measured slices still
    // ran partly unoptimised), then alternate them in short slices so that the machine's busy
    // moments (other processes, disk flushes) fall on both alike; each rate is its total over all
    // slices.
    await timed(servicePlayers, WARM_UP_DEBITS, serviceDebit);
    await timed(rawPlayers, WARM_UP_DEBITS, raw.debit);
    const slice = Math.max(writers, Math.floor(target.debits / SLICES));
    let serviceSeconds = 0;
    let rawSeconds = 0;
    for (let round = 0; round < SLICES; round += 1) {
      serviceSeconds += slice / (await timed(servicePlayers, slice, serviceDebit));
      rawSeconds += slice / (await timed(rawPlayers, slice, raw.debit));
    }
    const serviceRate = (slice * SLICES) / serviceSeconds;
    const rawRate = (slice * SLICES) / rawSeconds;
    await raw.close();
    return { serviceRate, rawRate };
  } finally {
    await serviceTarget.database.close();
    await serviceTarget.drop();
    await rawTarget.drop();
  }
}

/**
 * A fresh migrated database (SQLite, or a PostgreSQL schema) with one funded player, debited by the
 * raw driver: for scenarios that alternate their own slices with raw debits (the casino rounds).
 */
export async function rawLedger(kind: 'sqlite' | 'postgres'): Promise<{ debit(): Promise<void>; close(): Promise<void> }> {
  const target = await openTarget(kind);
  const [userId] = await fundedPlayers(target.database, 1, 'rawonly');
  await target.database.close();
  const raw = kind === 'sqlite' ? rawSqlite(target.url) : await rawPostgres(target.url, target.schema as string);
  return {
    debit: () => raw.debit(userId as number),
    async close() {
      await raw.close();
      await target.drop();
    },
  };
}

interface RawLedger {
  debit(userId: number): Promise<void>;
  close(): Promise<void>;
}

/** better-sqlite3 with prepared statements and the pragmas the API uses. */
function rawSqlite(url: string): RawLedger {
  const sqlite = new SQLite(url.slice('sqlite:'.length));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('temp_store = MEMORY');
  // The change notice the API's statement carries (db/user-changes.ts), with nobody listening.
  sqlite.function('app_user_changed', { deterministic: false }, (userId) => userId as number);
  const update = sqlite.prepare(toSqlite(SQL.guardedUpdate));
  const insertTx = sqlite.prepare(toSqlite(SQL.insertTransaction));
  const insertEntries = sqlite.prepare(toSqlite(SQL.insertEntries));
  const houseId = (sqlite.prepare(SQL.houseId).get() as { id: number }).id;
  const insertOutbox = sqlite.prepare(toSqlite(SQL.insertOutbox));
  const debit = sqlite.transaction((userId: number) => {
    const row = update.get(-1, `u:${userId}:cash`, -1) as { id: number; balance: number; book: string } | undefined;
    if (!row) throw new Error('insufficient');
    const now = Date.now();
    const tx = insertTx.get('operator_debit', nextReference(), row.book, userId, null, null, null, now) as { id: number };
    insertOutbox.run('balance.changed', JSON.stringify({ user_ids: [userId], transaction_id: tx.id }), now, null);
    insertEntries.run(tx.id, row.id, row.book, -1, row.balance, now, tx.id, houseId, row.book, 1, null, now);
  });
  // BEGIN IMMEDIATE, as the unit of work begins every SQLite transaction.
  return { debit: async (userId) => debit.immediate(userId), close: async () => void sqlite.close() };
}

/** node-postgres: one pooled client per transaction, the same statements and parameters. */
async function rawPostgres(url: string, schema: string): Promise<RawLedger> {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  const houseId = Number((await pool.query(SQL.houseId)).rows[0].id);
  return {
    async debit(userId) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(SQL.playerLock, [userId]);
        const { rows } = await client.query(SQL.guardedUpdate, [-1, `u:${userId}:cash`, -1]);
        const row = rows[0] as { id: string; balance: string; book: string } | undefined;
        if (!row) throw new Error('insufficient');
        const now = Date.now();
        const tx = await client.query(SQL.insertTransaction, [
          'operator_debit',
          nextReference(),
          row.book,
          userId,
          null,
          null,
          null,
          now,
        ]);
        const txId = tx.rows[0].id as string;
        await client.query(SQL.insertOutbox, [
          'balance.changed',
          JSON.stringify({ user_ids: [userId], transaction_id: Number(txId) }),
          now,
          null,
        ]);
        await client.query(SQL.insertEntries, [
          txId,
          row.id,
          row.book,
          -1,
          row.balance,
          now,
          txId,
          houseId,
          row.book,
          1,
          null,
          now,
        ]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** A customer row for a bench player: no usable password, logged in through the sessions service. */
export function benchCustomer(name: string): Insertable<UsersTable> {
  return {
    user_name: name,
    user_name_key: name,
    password_hash: '!',
    user_type_id: 7,
    parent_id: null,
    mobile: null,
    email: null,
    created_at: Date.now(),
    current_session_id: null,
    referred_by: null,
  };
}
