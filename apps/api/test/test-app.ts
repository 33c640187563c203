import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDependencies, buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config/env';
import { type DatabaseHandle, type Db, openDatabase } from '../src/db/database';
import type { Clock } from '../src/lib/clock';
import { prepareDatabase } from '../src/startup';
import type { BundledScript } from './support/bundled-scripts';

export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');

/** Which database this test run uses: `api` runs on SQLite, `api-postgres` on PostgreSQL. */
export function testDatabaseKind(): 'sqlite' | 'postgres' {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A fresh, empty database: a SQLite file in a temp folder, or a new PostgreSQL schema. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const folder = mkdtempSync(path.join(tmpdir(), 'casino-test-'));
  const uploads = path.join(folder, 'uploads');
  const kyc = path.join(folder, 'kyc');
  if (testDatabaseKind() === 'sqlite') {
    return {
      env: { DATABASE_URL: `sqlite:${path.join(folder, 'test.db')}`, UPLOAD_DIR: uploads, KYC_DOCUMENT_DIR: kyc },
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is needed for the PostgreSQL tests');
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema, UPLOAD_DIR: uploads, KYC_DOCUMENT_DIR: kyc },
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  /** Where the database is (DATABASE_URL, DATABASE_SCHEMA, UPLOAD_DIR): for other processes on it. */
  databaseEnv: Record<string, string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Where the manual clock of the accounts and casino test apps starts (epoch ms). */
  clockStart?: number;
  /** Lets a test add routes of its own before the app is sealed. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Collaborators to use instead of the configured ones (e.g. an SMS recorder). */
  deps?: Pick<
    AppDependencies,
    'smsProvider' | 'accountHooks' | 'moneyRules' | 'depositChecks' | 'paymentTestHooks' | 'feed' | 'betPlacement'
  >;
}

/** The real Fastify app on a fresh database, migrated and seeded as on a first start. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR,
    // Tests run durable jobs by hand (app.jobs.runDue()), so a moved test clock starts nothing.
    JOBS_ENABLED: '0',
    // No drand relay: a test that needs one serves recorded rounds on this machine.
    DRAND_RELAYS: '',
    ...testDb.env,
    ...options.env,
  });
  const database = await prepareDatabase(config, options.clock);
  const app = await buildApp({ config, database, ...options.deps, ...(options.clock ? { clock: options.clock } : {}) });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    databaseEnv: testDb.env,
    async close() {
      await app.close();
      await database.close();
      await testDb.drop();
    },
  };
}

export interface PeerApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A second API instance on the database of `t`, with its own connections, as another server
 * process would run it. Close it before `t` (which drops the database).
 */
export async function createPeerApp(t: TestApp, clock?: Clock): Promise<PeerApp> {
  const { DATABASE_URL: url, DATABASE_SCHEMA: schema } = t.config;
  const database = openDatabase(url, schema ? { schema } : {});
  const app = await buildApp({ config: t.config, database, ...(clock ? { clock } : {}) });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The bundle of one of BUNDLED_SCRIPTS, to start with plain `node`. */
export function bundledScript(name: BundledScript): string {
  return inject('processBundles')[name];
}

/** Runs `npm run admin -- <argv>` as its own process on the database of `env`, as an operator would. */
export async function runAdminProcess(
  env: Record<string, string>,
  ...argv: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = promisify(execFile);
  // The CLI bundled once for the run by test/global-setup.ts: plain node, no TypeScript loader.
  return run(process.execPath, [bundledScript('admin'), ...argv], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

/**
 * PostgreSQL: no trigger fires for the rest of the transaction; a write in it is heard only
 * through its RETURNING notice, if it has one. (Since migration 0081 no trigger sends change
 * notices at all; this keeps the tests that use it proving so.) Nothing to do on SQLite.
 */
export async function withoutNotifyTriggers(trx: Db): Promise<void> {
  if (testDatabaseKind() === 'postgres') await sql`set local session_replication_role = replica`.execute(trx);
}
