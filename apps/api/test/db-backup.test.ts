import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { findOpenMatchOdds, placeBet } from './bets-support';
import { runAdminProcess, testDatabaseKind } from './test-app';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

const run = promisify(execFile);
/**
 * A drill starts three or four processes (the backup, ledger verify, wallet balance; pg_restore) while
 * bets are placed: about 15 s alone, past the 30 s default on a loaded two-core machine.
 */
const DRILL_TIMEOUT_MS = 120_000;

/** Bets the traffic places at most while the backup runs (it stops as soon as the backup is done). */
const MAX_BETS = 400;
const PLAYERS = 4;

let t: WalletApiApp;
const folder = mkdtempSync(path.join(tmpdir(), 'casino-backup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'backup' } });
}, 60_000);
afterAll(async () => t.close());

const cliEnv = (databaseUrl: string) => ({ DATABASE_URL: databaseUrl, SEED_DEMO_DATA: '0', UPLOAD_DIR: path.join(folder, 'up') });
const countBets = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('bets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Bets placed by PLAYERS players until `backup` is done (at most MAX_BETS): the backup starts once
 * traffic flows, and must finish while it still does. Answers the bets counted just before it.
 */
async function whileBetsArePlaced(backup: () => Promise<void>): Promise<{ betsBefore: number }> {
  const open = await findOpenMatchOdds(t);
  const runner = open.market.runners[0]!;
  const players = await Promise.all(Array.from({ length: PLAYERS }, (_, index) => t.newPlayer(`backup_${index}`)));
  for (const player of players) await t.credit(player.userId, 10_000_000);
  const body = {
    match_id: open.matchId,
    market_id: open.market.market_id,
    selection_id: runner.selection_id,
    odds: runner.back[0]!.odds,
    stack: 100,
    is_back: 1,
  };

  let isBackupDone = false;
  let placed = 0;
  const traffic = players.map(async (player) => {
    while (!isBackupDone && placed < MAX_BETS) {
      const res = await placeBet(t, 'bet/placeMarketBet', player.token, body);
      expect(res.statusCode, res.body).toBe(200);
      placed += 1;
    }
  });
  await expect.poll(() => placed).toBeGreaterThan(10);
  const betsBefore = await countBets();
  const placedAtStart = placed;
  try {
    await backup();
  } finally {
    isBackupDone = true;
  }
  // Bets went on while the backup process ran.
  expect(placed).toBeGreaterThan(placedAtStart);
  await Promise.all(traffic);
  return { betsBefore };
}

/** A restored copy passes ledger verify, and holds every bet placed before its backup began and no more than exist now. */
async function expectRestoredCopyWhole(env: Record<string, string>, betsBefore: number): Promise<void> {
  const verify = await runAdminProcess(env, 'ledger', 'verify');
  expect(verify.stdout).toMatch(/^ledger ok: \d+ accounts, \d+ transactions, \d+ entries; every invariant holds$/m);
  expect(verify.code).toBe(0);
  const balance = await runAdminProcess(env, 'wallet', 'balance', '--name', 'backup_0');
  expect(balance.code).toBe(0);
  expect(balance.stdout).toMatch(/^backup_0: cash \d+(\.\d+)?, exposure \d+/);
  // One committed moment between the start and the end of the backup: every bet it holds was placed.
  const inCopy = await countBetsIn(env);
  expect(inCopy).toBeGreaterThanOrEqual(betsBefore);
  expect(inCopy).toBeLessThanOrEqual(await countBets());
}

/** Bets in a copy, read with the plain driver: nothing of the app's stays connected to it. */
async function countBetsIn(env: Record<string, string>): Promise<number> {
  if (!env.DATABASE_URL?.startsWith('postgres')) {
    const copy = openDatabase(env.DATABASE_URL!);
    try {
      const row = await copy.db
        .selectFrom('bets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    } finally {
      await copy.close();
    }
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${env.DATABASE_SCHEMA}.bets`);
    return Number(result.rows[0]?.n);
  } finally {
    await client.end();
  }
}

describe.runIf(testDatabaseKind() === 'sqlite')('npm run admin -- db backup FILE (SQLite)', () => {
  it(
    'copies the live database while bets are placed, and the restored copy passes ledger verify',
    { timeout: DRILL_TIMEOUT_MS },
    async () => {
      const file = path.join(folder, 'nightly', 'app-backup.db');
      let backup = { code: -1, stdout: '', stderr: '' };
      const { betsBefore } = await whileBetsArePlaced(async () => {
        // In its own process, as an operator's would run (it starts, migrates nothing, copies, checks).
        backup = await runAdminProcess(cliEnv(t.config.DATABASE_URL), 'db', 'backup', file);
      });
      expect(backup.stderr).toBe('');
      expect(backup).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^backup written: .*app-backup\.db \(\d+ pages\)\n$/),
      });
      expect(existsSync(`${file}.partial-${process.pid}`)).toBe(false);

      // Restored: the copy put in place of a database, as an operator restores one.
      const restored = path.join(folder, 'restored.db');
      copyFileSync(file, restored);
      await expectRestoredCopyWhole(cliEnv(`sqlite:${restored}`), betsBefore);
    },
  );
  it('never overwrites a file, and says so', async () => {
    const file = path.join(folder, 'taken.db');
    copyFileSync(t.config.DATABASE_URL.slice('sqlite:'.length), file);
    const result = await runAdminProcess(cliEnv(t.config.DATABASE_URL), 'db', 'backup', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: backup failed: .*already exists; a backup never overwrites a file/);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('PostgreSQL backup and restore (docs/deploy.md, "Backups")', () => {
  it(
    'pg_dump while bets are placed, pg_restore into an empty database, and the copy passes ledger verify',
    { timeout: DRILL_TIMEOUT_MS },
    async () => {
      const { DATABASE_URL: liveUrl = '', DATABASE_SCHEMA: schema = '' } = t.databaseEnv;
      const file = path.join(folder, 'casino.dump');
      const { betsBefore } = await whileBetsArePlaced(async () => {
        // One snapshot of the live schema while bets commit, as the guide's nightly dump takes it.
        await run('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${file}`, `--dbname=${liveUrl}`]);
      });

      const restoredName = `restore_${randomBytes(6).toString('hex')}`;
      const restoredUrl = Object.assign(new URL(liveUrl), { pathname: `/${restoredName}` }).toString();
      const admin = new pg.Client({ connectionString: liveUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${restoredName}`);
        try {
          await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, file]);
          await expectRestoredCopyWhole({ ...cliEnv(restoredUrl), DATABASE_SCHEMA: schema }, betsBefore);
        } finally {
          await admin.query(`DROP DATABASE ${restoredName} WITH (FORCE)`);
        }
      } finally {
        await admin.end();
      }
    },
  );

  it('db backup refuses and names pg_dump', async () => {
    const result = await runAdminProcess(t.databaseEnv, 'db', 'backup', path.join(folder, 'pg.db'));
    expect(result).toMatchObject({ code: 1, stderr: expect.stringContaining('for PostgreSQL use pg_dump') });
    expect(existsSync(path.join(folder, 'pg.db'))).toBe(false);
  });
});
