import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { findOpenMatchOdds, placeBet } from './bets-support';
import { runAdminProcess, testDatabaseKind } from './test-app';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

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

describe.runIf(testDatabaseKind() === 'sqlite')('npm run admin -- db backup FILE (SQLite)', () => {
  it('copies the live database while bets are placed, and the restored copy passes ledger verify', async () => {
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
    // The backup starts once traffic flows, and runs in its own process as an operator's would.
    await expect.poll(() => placed).toBeGreaterThan(10);
    const betsBefore = await countBets();
    const placedAtStart = placed;
    const file = path.join(folder, 'nightly', 'app-backup.db');
    const backup = await runAdminProcess(cliEnv(t.config.DATABASE_URL), 'db', 'backup', file);
    isBackupDone = true;
    // Bets went on while the backup process ran (it starts, migrates nothing, copies, checks).
    expect(placed).toBeGreaterThan(placedAtStart);
    await Promise.all(traffic);
    expect(backup.stderr).toBe('');
    expect(backup).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^backup written: .*app-backup\.db \(\d+ pages\)\n$/),
    });
    expect(existsSync(`${file}.partial-${process.pid}`)).toBe(false);

    // Restored: the copy put in place of a database, as an operator restores one.
    const restored = path.join(folder, 'restored.db');
    copyFileSync(file, restored);
    const verify = await runAdminProcess(cliEnv(`sqlite:${restored}`), 'ledger', 'verify');
    expect(verify.stdout).toMatch(/^ledger ok: \d+ accounts, \d+ transactions, \d+ entries; every invariant holds$/m);
    expect(verify.code).toBe(0);
    // One committed moment between the start and the end of the backup: every bet it holds was placed.
    const balance = await runAdminProcess(cliEnv(`sqlite:${restored}`), 'wallet', 'balance', '--name', 'backup_0');
    expect(balance.code).toBe(0);
    expect(balance.stdout).toMatch(/^backup_0: cash \d+(\.\d+)?, exposure \d+/);
    const copy = openDatabase(`sqlite:${restored}`);
    try {
      const inCopy = Number(
        (
          await copy.db
            .selectFrom('bets')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(inCopy).toBeGreaterThanOrEqual(betsBefore);
      expect(inCopy).toBeLessThanOrEqual(await countBets());
    } finally {
      await copy.close();
    }
  });

  it('never overwrites a file, and says so', async () => {
    const file = path.join(folder, 'taken.db');
    copyFileSync(t.config.DATABASE_URL.slice('sqlite:'.length), file);
    const result = await runAdminProcess(cliEnv(t.config.DATABASE_URL), 'db', 'backup', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: backup failed: .*already exists; a backup never overwrites a file/);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('npm run admin -- db backup FILE (PostgreSQL)', () => {
  it('refuses and names pg_dump', async () => {
    const result = await runAdminProcess(t.databaseEnv, 'db', 'backup', path.join(folder, 'pg.db'));
    expect(result).toMatchObject({ code: 1, stderr: expect.stringContaining('for PostgreSQL use pg_dump') });
    expect(existsSync(path.join(folder, 'pg.db'))).toBe(false);
  });
});
