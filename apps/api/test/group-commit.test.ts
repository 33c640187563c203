import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommitter } from '../src/db/group-commit';
import { moneyTransaction } from '../src/db/unit-of-work';
import { auditLedger } from '../src/modules/ledger/ledger-audit';
import { ref } from './support/refs';
import { testDatabaseKind } from './test-app';
import { openWalletTestDb, type WalletTestDb } from './wallet-support';

type Tx = Parameters<Parameters<typeof moneyTransaction>[2]>[0];

let t: WalletTestDb;
/** A connection of its own on the same file: sees only what is committed. */
let outside: SQLite.Database;

beforeAll(async () => {
  if (testDatabaseKind() !== 'sqlite') return;
  t = await openWalletTestDb();
  outside = new SQLite(t.databaseEnv.DATABASE_URL?.slice('sqlite:'.length) ?? '', { readonly: true });
});
afterAll(async () => {
  if (testDatabaseKind() !== 'sqlite') return;
  outside.close();
  expect((await auditLedger(t.db)).faults).toEqual([]);
  await t.close();
});

const funded = (name: string, paise: number) => t.fundedPlayer(name, paise);

function debit(tx: Tx, userId: number, amount: number) {
  return t.module.ledger.transfer(tx, {
    kind: 'operator_debit',
    reference: ref('gc-debit'),
    userId,
    from: { userId, kind: 'cash' },
    to: { system: 'house' },
    amount,
  });
}

const committedCash = (userId: number) =>
  Number(
    (
      outside.prepare("select balance from ledger_accounts where owner_user_id = ? and kind = 'cash'").get(userId) as {
        balance: number;
      }
    ).balance,
  );

describe.runIf(testDatabaseKind() === 'sqlite')('SQLite group commit', () => {
  it('lets transactions that wait together share a commit, each all or nothing, each answered once durable', async () => {
    const players = await Promise.all(Array.from({ length: 30 }, (_, index) => funded(`gc_player_${index}`, 1_000)));
    const before = { ...groupCommitter(t.db).counts };
    const seenAtAnswer: (number | undefined)[] = [];
    const outcomes = await Promise.allSettled(
      players.map((userId, index) =>
        moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, async (tx) => {
          await debit(tx, userId, 100 + index);
          // Every third one fails after it moved money, the first of them as the batch's first unit.
          if (index % 3 === 0) throw new Error(`unit ${index} failed`);
          return index;
        }).then((value) => {
          // What another connection sees at the moment the caller hears "done".
          seenAtAnswer[index] = committedCash(userId);
          return value;
        }),
      ),
    );
    for (const [index, outcome] of outcomes.entries()) {
      if (index % 3 === 0) {
        expect(outcome).toEqual({ status: 'rejected', reason: new Error(`unit ${index} failed`) });
        expect(committedCash(players[index] as number)).toBe(1_000);
      } else {
        expect(outcome).toEqual({ status: 'fulfilled', value: index });
        expect(seenAtAnswer[index]).toBe(1_000 - 100 - index);
      }
    }
    const after = groupCommitter(t.db).counts;
    expect(after.units - before.units).toBe(20);
    // Thirty transactions queued at once need only a commit or two, not twenty.
    expect(after.commits - before.commits).toBeLessThanOrEqual(2);
  });

  it('answers every unit of a batch whose COMMIT fails with that error, and none of them happened', async () => {
    const payer = await funded('gc_commit_payer', 1_000);
    const breaker = await funded('gc_commit_breaker', 1_000);
    const before = groupCommitter(t.db).counts.commits;
    // Queued together, so they share a batch; the second leaves a foreign key broken until COMMIT.
    const outcomes = await Promise.allSettled([
      moneyTransaction(t.db, { userIds: [payer], now: t.clock.now() }, (tx) => debit(tx, payer, 100)),
      moneyTransaction(t.db, { userIds: [breaker], now: t.clock.now() }, async (tx) => {
        await debit(tx, breaker, 200);
        await sql`pragma defer_foreign_keys = on`.execute(tx);
        await sql`insert into ledger_entries (transaction_id, account_id, book, amount, balance_after, created_at)
          values (999999999, 1, 'real', 1, null, 0)`.execute(tx);
      }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    for (const outcome of outcomes) expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect([committedCash(payer), committedCash(breaker)]).toEqual([1_000, 1_000]);
    expect(groupCommitter(t.db).counts.commits).toBe(before);
    // The writer is free again and the next transaction commits.
    await moneyTransaction(t.db, { userIds: [payer], now: t.clock.now() }, (tx) => debit(tx, payer, 100));
    expect(committedCash(payer)).toBe(900);
  });

  it('takes the next unit of a caller that comes back the moment its last one was answered', async () => {
    // The leader used to stop leading a few steps after it had answered its last unit: a caller
    // quick enough to queue again in between found a leader about to stop, and waited forever.
    const committer = groupCommitter(t.db);
    const answered: number[] = [];
    const callOneAfterAnother = async () => {
      for (let index = 0; index < 20; index += 1) answered.push(await committer.run(async () => index));
      return 'all answered';
    };
    const stuck = new Promise<string>((resolve) => setTimeout(() => resolve(`stuck after ${answered.length}`), 5_000).unref());
    expect(await Promise.race([callOneAfterAnother(), stuck])).toBe('all answered');
    expect(answered).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it('keeps waiting a turn for joiners for some batches after one had them, as callers in waves need', async () => {
    // A gateway's senders or a provider's players send their next call once the last is
    // answered: a lone unit falls between two full batches, and the batches after it must still
    // wait for the calls the event loop reads next, or most commits go out alone.
    const committer = groupCommitter(t.db);
    await Promise.all([committer.run(async () => 'first'), committer.run(async () => 'joined it')]);
    await committer.run(async () => 'alone');
    const before = committer.counts.commits;
    const lead = committer.run(async () => 'leads');
    // The companion arrives one turn of the event loop later, as the next request read would.
    const companion = new Promise((resolve) => setImmediate(() => resolve(committer.run(async () => 'arrives a turn later'))));
    expect(await Promise.all([lead, companion])).toEqual(['leads', 'arrives a turn later']);
    expect(committer.counts.commits - before).toBe(1);
  });

  it('answers a read outside the transaction at once, with the last commit, while a transaction is open', async () => {
    const userId = await funded('gc_reader', 1_000);
    let applied!: () => void;
    const isApplied = new Promise<void>((resolve) => (applied = resolve));
    let finish!: () => void;
    const mayFinish = new Promise<void>((resolve) => (finish = resolve));
    const open = moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, async (tx) => {
      await debit(tx, userId, 300);
      applied();
      await mayFinish;
    });
    await isApplied;
    // On one shared connection this read would wait for the transaction, which waits for it.
    expect((await t.module.money.readBalances(t.db, userId)).cash).toBe(1_000);
    finish();
    await open;
    expect((await t.module.money.readBalances(t.db, userId)).cash).toBe(700);
  });
});
