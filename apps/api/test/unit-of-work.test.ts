import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NestedRootQueryError } from '../src/db/transaction-scope';
import { moneyTransaction, writeTransaction } from '../src/db/unit-of-work';
import { auditLedger } from '../src/modules/ledger/ledger-audit';
import { ref } from './support/refs';
import { testDatabaseKind } from './test-app';
import { openWalletTestDb, type WalletTestDb } from './wallet-support';

let t: WalletTestDb;
beforeAll(async () => {
  t = await openWalletTestDb();
});
afterAll(async () => {
  expect((await auditLedger(t.db)).faults).toEqual([]);
  await t.close();
});

const funded = (name: string, paise: number) => t.fundedPlayer(name, paise);

const cash = async (userId: number) => (await t.module.money.readBalances(t.db, userId)).cash;

function move(tx: Parameters<Parameters<typeof moneyTransaction>[2]>[0], from: number, to: number, amount: number) {
  return t.module.ledger.transfer(tx, {
    kind: 'operator_debit',
    reference: ref('move'),
    userId: from,
    from: { userId: from, kind: 'cash' },
    to: { userId: to, kind: 'cash' },
    amount,
  });
}

describe('the unit of work', () => {
  it('fails at once, and rolls back, when the root handle is used inside a transaction (no hang on SQLite)', async () => {
    const userId = await funded('uow_nested', 1_000);
    const attempt = moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, async (tx) => {
      await t.module.ledger.transfer(tx, {
        kind: 'operator_debit',
        reference: ref('nested'),
        userId,
        from: { userId, kind: 'cash' },
        to: { system: 'house' },
        amount: 100,
      });
      // A service that kept the root handle: on SQLite this waited forever for the connection.
      await t.db.selectFrom('users').select('id').execute();
    });
    await expect(attempt).rejects.toBeInstanceOf(NestedRootQueryError);
    expect(await cash(userId)).toBe(1_000);
    // The database is free again: the next transaction runs.
    await writeTransaction(t.db, (tx) => tx.selectFrom('users').select('id').execute());
  });

  it('runs hot queries on the open transaction, and refuses them on one that has ended', async () => {
    const userId = await funded('uow_escaped', 1_000);
    const payee = await funded('uow_escaped_to', 1);
    let escaped: Parameters<Parameters<typeof moneyTransaction>[2]>[0] | undefined;
    await moneyTransaction(t.db, { userIds: [userId, payee], now: t.clock.now() }, async (tx) => {
      escaped = tx;
      await move(tx, userId, payee, 100);
      // The compiled balance read sees the transaction's own write.
      expect((await t.module.money.readBalances(tx, userId)).cash).toBe(900);
    });
    // Kept past its end, the transaction must not run a hot query as a statement of its own.
    await expect(move(escaped!, userId, payee, 1)).rejects.toThrow(/already committed/);
    await expect(t.module.money.readBalances(escaped!, userId)).rejects.toThrow(/already committed/);
    expect(await cash(userId)).toBe(900);
  });

  it('refuses a money transaction opened inside another one', async () => {
    const userId = await funded('uow_inner', 1_000);
    const attempt = moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, () =>
      moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, async () => 1),
    );
    await expect(attempt).rejects.toBeInstanceOf(NestedRootQueryError);
  });

  it('retries a transaction the database aborted as a serialization failure or deadlock, and applies it once', async () => {
    const userId = await funded('uow_retry', 1_000);
    let attempts = 0;
    await moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, async (tx) => {
      attempts += 1;
      await t.module.ledger.transfer(tx, {
        kind: 'operator_debit',
        reference: `retry-once-${userId}`,
        userId,
        from: { userId, kind: 'cash' },
        to: { system: 'house' },
        amount: 100,
      });
      if (attempts < 3)
        throw Object.assign(new Error('could not serialize access'), { code: attempts === 1 ? '40001' : '40P01' });
    });
    expect(attempts).toBe(3);
    expect(await cash(userId)).toBe(900);
  });

  it('gives up after a bounded number of attempts', async () => {
    let attempts = 0;
    const attempt = writeTransaction(t.db, async () => {
      attempts += 1;
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    await expect(attempt).rejects.toMatchObject({ code: '40P01' });
    expect(attempts).toBe(5);
  });

  it('moves money both ways between two players in parallel without a deadlock or a lost update', async () => {
    const a = await funded('uow_pair_a', 100_000);
    const b = await funded('uow_pair_b', 100_000);
    const transfers = Array.from({ length: 40 }, (_, index) => {
      const [from, to] = index % 2 === 0 ? [a, b] : [b, a];
      return moneyTransaction(t.db, { userIds: [from, to], now: t.clock.now() }, (tx) => move(tx, from, to, 10 + index));
    });
    const results = await Promise.allSettled(transfers);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const moved = Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? -1 : 1) * (10 + index)).reduce((x, y) => x + y, 0);
    expect(await cash(a)).toBe(100_000 + moved);
    expect(await cash(b)).toBe(100_000 - moved);
  });

  it('stores each once-only thing once: a second posting of the same kind and reference is refused', async () => {
    const userId = await funded('uow_once', 1_000);
    const post = () =>
      moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, (tx) =>
        t.module.ledger.transfer(tx, {
          kind: 'operator_credit',
          reference: `payout-${userId}`,
          userId,
          from: { system: 'house' },
          to: { userId, kind: 'cash' },
          amount: 500,
        }),
      );
    await post();
    await expect(post()).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await cash(userId)).toBe(1_500);
  });

  it('links a reversal to what it reverses, and reverses each transaction once', async () => {
    const userId = await funded('uow_reverse', 1_000);
    const original = await moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, (tx) =>
      t.module.ledger.transfer(tx, {
        kind: 'operator_credit',
        reference: `win-${userId}`,
        userId,
        from: { system: 'house' },
        to: { userId, kind: 'cash' },
        amount: 300,
      }),
    );
    const reverse = (reference: string) =>
      moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, (tx) =>
        t.module.ledger.reverse(tx, { transactionId: original.transactionId, kind: 'operator_debit', reference, userId }),
      );
    const reversal = await reverse(`unwin-${userId}`);
    expect(await cash(userId)).toBe(1_000);
    const row = await t.db
      .selectFrom('ledger_transactions')
      .select('reverses_transaction_id')
      .where('id', '=', reversal.transactionId)
      .executeTakeFirstOrThrow();
    expect(Number(row.reverses_transaction_id)).toBe(original.transactionId);
    await expect(reverse(`unwin-again-${userId}`)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await cash(userId)).toBe(1_000);
  });

  it.runIf(testDatabaseKind() === 'sqlite')(
    'SQLite: a writer waits for another process’s write lock at BEGIN instead of failing half-way',
    async () => {
      const userId = await funded('uow_busy', 1_000);
      // Another process (the operator CLI, say) holds the write lock for a moment.
      const holder = spawn(
        process.execPath,
        [
          '-e',
          `const db = new (require('better-sqlite3'))(process.argv[1]);
           db.prepare('begin immediate').run();
           console.log('locked');
           Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
           db.prepare('commit').run();`,
          t.databaseEnv.DATABASE_URL?.replace(/^sqlite:/, '') ?? '',
        ],
        { cwd: path.resolve(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
      const work = moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, async (tx) => {
        // Reads first, then writes: a deferred transaction would fail here with SQLITE_BUSY.
        await tx.selectFrom('users').select('id').where('id', '=', userId).execute();
        return t.module.ledger.transfer(tx, {
          kind: 'operator_debit',
          reference: ref('busy'),
          userId,
          from: { userId, kind: 'cash' },
          to: { system: 'house' },
          amount: 100,
        });
      });
      await work;
      expect(await cash(userId)).toBe(900);
    },
  );
});
