import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import pg from 'pg';
import { parseDatabaseUrl } from '../config/env';
import type { Database } from './schema';
import { routingSqliteDialect } from './sqlite-driver';
import { assertNotInsideTransaction } from './transaction-scope';
import { SchemaScopedPostgresDialect } from './postgres-introspector';
import { coalesceWrites, PIPELINE_POOL_OPTIONS } from './postgres-pipeline';
import { nameStatements } from './postgres-statements';
import { postgresUserChanges } from './postgres-user-changes';
import { backupSqlite } from './sqlite-backup';
import { type BackgroundCheckpoints, backgroundCheckpoints } from './sqlite-checkpoints';
import { reportingChanges, sqliteUserChanges, type UserChangeFeed } from './user-changes';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Notices of changed sessions and balances, from any process (see user-changes.ts). */
  userChanges: UserChangeFeed;
  /** PostgreSQL: the pool's connections now (for the metrics); SQLite has two fixed connections. */
  poolUse?(): { total: number; idle: number; waiting: number };
  /** PostgreSQL: the pool's socket writes so far, one per round trip (postgres-pipeline.ts). */
  postgresWrites?(): number;
  /** SQLite file: the checkpointer off the event loop (sqlite-checkpoints.ts). */
  checkpoints?: BackgroundCheckpoints;
  /** SQLite: a consistent online copy to `file` (sqlite-backup.ts); PostgreSQL has pg_dump. */
  backup?(file: string): Promise<{ pages: number }>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL only: the schema to work in (tests give each file its own). */
  schema?: string;
  poolSize?: number;
  /** PostgreSQL only: run hot statements as named ones (postgres-statements.ts); default true. */
  preparedStatements?: boolean;
}

const PG_INT8_OID = 20;
const PG_NUMERIC_OID = 1700;
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/** Opens SQLite (`sqlite:<path>`) or PostgreSQL (`postgres://...`) behind one Kysely type. */
export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  const target = parseDatabaseUrl(url);
  if (target.kind === 'sqlite') {
    const isFile = target.file !== ':memory:';
    if (isFile) mkdirSync(path.dirname(path.resolve(target.file)), { recursive: true });
    const writer = openSqlite(target.file);
    // Savepoints and statements that can fail half-way keep the pages they change in a statement
    // journal, a temp file once it passes 64 KiB: at 32 casino players a commit's calls wrote
    // 100 KB a call there, two write() calls a page. In memory it is bounded by what one
    // transaction changes (docs/adr/0022-sqlite-statement-journal-in-memory.md).
    writer.pragma('temp_store = MEMORY');
    // WAL lets a second connection read the last commit while the writer holds a transaction.
    const reader = isFile ? openSqlite(target.file) : undefined;
    reader?.pragma('query_only = ON');
    const userChanges = sqliteUserChanges(writer, reader);
    const checkpoints = isFile ? backgroundCheckpoints(target.file, writer) : undefined;
    const db = new Kysely<Database>({
      dialect: reportingChanges(routingSqliteDialect({ writer, reader, checkpoints }), userChanges, {
        beforeAcquire: assertNotInsideTransaction,
      }),
    });
    return {
      db,
      dialect: 'sqlite',
      userChanges,
      checkpoints,
      // From the reading connection: the writer stays free for the requests of this process.
      backup: (file) => backupSqlite(reader ?? writer, file),
      close: () => db.destroy(),
    };
  }
  const connection: pg.ClientConfig = {
    connectionString: target.url,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const userChanges = postgresUserChanges(connection);
  const pool = new pg.Pool({
    ...connection,
    max: options.poolSize ?? 10,
    ...PIPELINE_POOL_OPTIONS,
    types: {
      // Money (paise) and times (epoch ms) are int8: read them as numbers, exact below 2^53.
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID || oid === PG_NUMERIC_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  if (options.preparedStatements ?? true) nameStatements(pool);
  const postgresWrites = coalesceWrites(pool);
  const db = new Kysely<Database>({
    dialect: reportingChanges(new SchemaScopedPostgresDialect({ pool }), userChanges, {
      beforeAcquire: assertNotInsideTransaction,
      pipelined: true,
    }),
  });
  return {
    db,
    dialect: 'postgres',
    userChanges,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    postgresWrites,
    async close() {
      await userChanges.close();
      await db.destroy();
    },
  };
}

function openSqlite(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a committed money movement survives a power cut, not just a crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}
