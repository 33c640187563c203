import { rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';
import { moneyTransaction } from '../src/db/unit-of-work';
import { auditLedger } from '../src/modules/ledger/ledger-audit';
import { ref } from './support/refs';
import { testDatabaseKind } from './test-app';
import { openWalletTestDb } from './wallet-support';

/**
 * A busy SQLite file's checkpoints run on a worker thread with its own connection
 * (docs/adr/0021-sqlite-checkpoints-off-the-event-loop.md): the log's frames reach the database
 * file without the writer copying them, and nothing committed is lost or damaged on the way.
 */
it.runIf(testDatabaseKind() === 'sqlite')(
  'copies the log into the database file off the event loop once the writer is busy, and loses nothing',
  async () => {
    const t = await openWalletTestDb();
    const file = t.databaseEnv.DATABASE_URL?.slice('sqlite:'.length) ?? '';
    const userId = await t.fundedPlayer('checkpointed', 1_000_000);
    const checkpoints = t.database.checkpoints;
    expect(checkpoints?.isRunning).toBe(false);
    // One player's debits one after another: each its own commit.
    for (let index = 0; index < 150; index += 1) {
      await moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, (tx) =>
        t.module.ledger.transfer(tx, {
          kind: 'operator_debit',
          reference: ref('checkpoint-debit'),
          userId,
          from: { userId, kind: 'cash' },
          to: { system: 'house' },
          amount: 100,
        }),
      );
    }
    expect(checkpoints?.isRunning).toBe(true);
    await expect.poll(() => checkpoints?.framesCopied ?? 0, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    expect((await auditLedger(t.db)).faults).toEqual([]);
    await t.database.close();
    expect(checkpoints?.isRunning).toBe(false);

    const reopened = new SQLite(file, { readonly: true });
    try {
      expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
      const cash = reopened
        .prepare("select balance from ledger_accounts where owner_user_id = ? and kind = 'cash'")
        .get(userId) as { balance: number };
      expect(Number(cash.balance)).toBe(1_000_000 - 150 * 100);
    } finally {
      reopened.close();
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  },
);
