import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import pg from 'pg';
import { parseDatabaseUrl } from '../config/env';
import type { Database } from './schema';
import { assertNotInsideTransaction } from './transaction-scope';
import { postgresUserChanges, reportingChanges, sqliteUserChanges, type UserChangeFeed } from './user-changes';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Notices of changed sessions and balances, from any process (see user-changes.ts). */
  userChanges: UserChangeFeed;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL only: the schema to work in (tests give each file its own). */
  schema?: string;
  poolSize?: number;
}

const PG_INT8_OID = 20;
/** Distinct SQL texts kept prepared; the app has a few hundred at most. */
const STATEMENT_CACHE_SIZE = 500;
const PG_NUMERIC_OID = 1700;
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/** Opens SQLite (`sqlite:<path>`) or PostgreSQL (`postgres://...`) behind one Kysely type. */
export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  const target = parseDatabaseUrl(url);
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(path.dirname(path.resolve(target.file)), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    // FULL: a committed money movement survives a power cut, not just a crash.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    sqlite.pragma('foreign_keys = ON');
    const userChanges = sqliteUserChanges(sqlite);
    const dialect = new SqliteDialect({ database: withStatementCache(sqlite) });
    const db = new Kysely<Database>({
      dialect: reportingChanges(dialect, userChanges, {
        // Writers take the write lock when they begin, so none fails half-way with SQLITE_BUSY.
        beginStatement: 'begin immediate',
        beforeAcquire: assertNotInsideTransaction,
      }),
    });
    return { db, dialect: 'sqlite', userChanges, close: () => db.destroy() };
  }
  const connection: pg.ClientConfig = {
    connectionString: target.url,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const userChanges = postgresUserChanges(connection);
  const pool = new pg.Pool({
    ...connection,
    max: options.poolSize ?? 10,
    types: {
      // Money (paise) and times (epoch ms) are int8: read them as numbers, exact below 2^53.
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID || oid === PG_NUMERIC_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Database>({
    dialect: reportingChanges(new PostgresDialect({ pool }), userChanges, { beforeAcquire: assertNotInsideTransaction }),
  });
  return {
    db,
    dialect: 'postgres',
    userChanges,
    async close() {
      await userChanges.close();
      await db.destroy();
    },
  };
}

/**
 * better-sqlite3 compiles a statement on every prepare(); Kysely prepares on every query. Keeping
 * prepared statements by SQL text saves that work on every hot read. Safe because Kysely runs
 * each statement to completion (all/run) before the next one starts on this connection.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
