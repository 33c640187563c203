import type { PostingKind } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/unit-of-work';
import { openWalletTestDb, type WalletTestDb } from '../../../test/wallet-support';
import { auditLedger } from './ledger-audit';
import { userAccountKey } from './ledger.repository';
import { ref } from '../../../test/support/refs';

let t: WalletTestDb;
beforeAll(async () => {
  t = await openWalletTestDb();
});
afterAll(async () => t.close());

const cash = (userId: number) => ({ userId, kind: 'cash' as const });
const house = { system: 'house' } as const;

async function credit(userId: number, amount: number, kind: PostingKind = 'operator_credit') {
  return t.inTransaction(
    (trx) => t.module.ledger.transfer(trx, { kind, reference: ref('test'), userId, from: house, to: cash(userId), amount }),
    userId,
  );
}

async function entriesOf(userId: number) {
  return t.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['e.amount', 'e.balance_after', 'e.transaction_id'])
    .where('a.account_key', '=', userAccountKey(userId, 'cash'))
    .orderBy('e.id')
    .execute();
}

describe('ledger service', () => {
  it('writes a balanced transaction with the running balance on each entry', async () => {
    const userId = await t.addPlayer('ledger_a');
    const first = await credit(userId, 10_000);
    await t.inTransaction(
      (trx) =>
        t.module.ledger.transfer(trx, {
          kind: 'operator_debit',
          reference: 'debit-r',
          userId,
          sessionId: '42',
          from: cash(userId),
          to: house,
          amount: 2_550,
        }),
      userId,
    );
    expect(first.balances.get(userAccountKey(userId, 'cash'))).toBe(10_000);
    const entries = await entriesOf(userId);
    expect(entries.map((entry) => [Number(entry.amount), Number(entry.balance_after)])).toEqual([
      [10_000, 10_000],
      [-2_550, 7_450],
    ]);
    const tx = await t.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('id', '=', entries[1]!.transaction_id)
      .executeTakeFirstOrThrow();
    expect(tx).toMatchObject({ kind: 'operator_debit', reference: 'debit-r', book: 'real', session_id: '42' });
    expect(Number(tx.user_id)).toBe(userId);
    const legs = await t.db.selectFrom('ledger_entries').select('amount').where('transaction_id', '=', tx.id).execute();
    expect(legs.reduce((sum, leg) => sum + Number(leg.amount), 0)).toBe(0);
    expect((await t.module.money.readBalances(t.db, userId)).cash).toBe(7_450);
  });

  it('refuses a debit beyond the balance and leaves everything as it was', async () => {
    const userId = await t.addPlayer('ledger_b');
    await credit(userId, 500);
    const before = await t.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const attempt = t.inTransaction(async (trx) => {
      // A leg that succeeds first, then the one that fails: the whole transaction must go.
      await t.module.ledger.transfer(trx, {
        kind: 'operator_credit',
        reference: ref('r'),
        userId,
        from: house,
        to: cash(userId),
        amount: 100,
      });
      await t.module.ledger.transfer(trx, {
        kind: 'operator_debit',
        reference: ref('r'),
        userId,
        from: cash(userId),
        to: house,
        amount: 601,
      });
    }, userId);
    await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', statusCode: 422 });
    const after = await t.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await t.module.money.readBalances(t.db, userId)).cash).toBe(500);
  });

  it('refuses to post outside a transaction, unbalanced legs, zero and fractional amounts', async () => {
    const userId = await t.addPlayer('ledger_c');
    const posting = (amounts: number[]) => ({
      kind: 'operator_credit' as const,
      reference: ref('r'),
      userId,
      legs: amounts.map((amount, index) => ({ account: index === 0 ? cash(userId) : house, amount })),
    });
    await expect(t.module.ledger.post(t.db, posting([5, -5]))).rejects.toThrow(/transaction/);
    for (const amounts of [[5, -4], [0, 0], [1.5, -1.5], [5]]) {
      await expect(t.inTransaction((trx) => t.module.ledger.post(trx, posting(amounts)), userId)).rejects.toThrow(/legs|amount/);
    }
    expect((await t.module.money.readBalances(t.db, userId)).cash).toBe(0);
  });

  it("fails fast when the player's money lock is not held, and names the rule", async () => {
    const userId = await t.addPlayer('ledger_unlocked');
    const other = await t.addPlayer('ledger_locked');
    const move = { kind: 'operator_credit' as const, reference: ref('r'), userId, from: house, to: cash(userId), amount: 5 };
    // A writing transaction that took no money lock, and a money transaction that locked someone else.
    await expect(writeTransaction(t.db, (trx) => t.module.ledger.transfer(trx, move))).rejects.toThrow(
      /outside a money transaction that locks them/,
    );
    await expect(t.inTransaction((trx) => t.module.ledger.transfer(trx, move), other)).rejects.toThrow(
      new RegExp(`Player ${userId}'s money moved outside`),
    );
    expect((await t.module.money.readBalances(t.db, userId)).cash).toBe(0);
  });

  it('refuses a posting kind outside the closed list, in the ledger and in the database', async () => {
    const userId = await t.addPlayer('ledger_kinds');
    const forged = { kind: 'forged' as PostingKind, reference: ref('r'), userId, from: house, to: cash(userId), amount: 5 };
    await expect(t.inTransaction((trx) => t.module.ledger.transfer(trx, forged), userId)).rejects.toThrow(
      /Unknown ledger posting kind "forged"/,
    );
    const row = { reference: ref('x'), book: 'real' as const, user_id: userId, session_id: null, created_at: 0 };
    await expect(
      t.db
        .insertInto('ledger_transactions')
        .values({ ...row, kind: 'forged' as PostingKind })
        .execute(),
    ).rejects.toThrow();
    const forgedRows = await t.db.selectFrom('ledger_transactions').select('id').where('user_id', '=', userId).execute();
    expect(forgedRows).toEqual([]);
  });

  it('keeps play money in its own books: a demo account is funded by the play house and never meets real money', async () => {
    const demoId = await t.addPlayer('ledger_demo', { isDemo: true });
    const realId = await t.addPlayer('ledger_real');
    await t.inTransaction((trx) => t.module.money.setUpPlayer(trx, { userId: demoId, isDemo: true }));
    await credit(realId, 1_000);
    const demoCash = await t.db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('account_key', '=', userAccountKey(demoId, 'cash'))
      .executeTakeFirstOrThrow();
    expect(demoCash).toMatchObject({ book: 'play' });
    expect(Number(demoCash.balance)).toBe(150_000);
    const funding = await t.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('user_id', '=', demoId)
      .executeTakeFirstOrThrow();
    expect(funding).toMatchObject({ book: 'play', kind: 'demo_funding' });

    const mixed = t.inTransaction(
      (trx) =>
        t.module.ledger.transfer(trx, {
          kind: 'operator_debit',
          reference: ref('r'),
          userId: demoId,
          from: cash(demoId),
          to: cash(realId),
          amount: 100,
        }),
      demoId,
      realId,
    );
    await expect(mixed).rejects.toMatchObject({ code: 'REFUSED' });
    const toGateway = t.inTransaction(
      (trx) =>
        t.module.ledger.transfer(trx, {
          kind: 'operator_debit',
          reference: ref('r'),
          userId: demoId,
          from: cash(demoId),
          to: { system: 'payment_gateway' },
          amount: 100,
        }),
      demoId,
    );
    await expect(toGateway).rejects.toMatchObject({ code: 'REFUSED', message: 'Play money cannot be deposited or withdrawn' });
    await expect(t.inTransaction((trx) => t.module.money.setUpPlayer(trx, { userId: realId, isDemo: true }))).rejects.toThrow(
      /not a demo account/,
    );
    expect((await t.module.money.readBalances(t.db, realId)).cash).toBe(1_000);
  });

  it('has the database refuse an entry that joins a real transaction to a play account', async () => {
    const demoId = await t.addPlayer('ledger_demo2', { isDemo: true });
    await t.inTransaction((trx) => t.module.money.setUpPlayer(trx, { userId: demoId, isDemo: true }));
    const realTx = await t.db.selectFrom('ledger_transactions').select('id').where('book', '=', 'real').executeTakeFirstOrThrow();
    const playAccount = await t.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('account_key', '=', userAccountKey(demoId, 'cash'))
      .executeTakeFirstOrThrow();
    for (const book of ['real', 'play'] as const) {
      const insert = t.db
        .insertInto('ledger_entries')
        .values({ transaction_id: realTx.id, account_id: playAccount.id, book, amount: 1, balance_after: null, created_at: 0 })
        .execute();
      await expect(insert).rejects.toThrow();
    }
  });

  it('has the database refuse any change to or removal of an entry or a transaction', async () => {
    await expect(t.db.updateTable('ledger_entries').set({ amount: 1 }).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('ledger_entries').execute()).rejects.toThrow(/append-only/);
    await expect(
      t.db
        .updateTable('ledger_transactions')
        .set({ reference: ref('x') })
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('ledger_transactions').execute()).rejects.toThrow(/append-only/);
  });

  it('applies exactly 100 of 200 parallel debits of 1 paisa on an account holding 100', async () => {
    const userId = await t.addPlayer('ledger_race');
    await credit(userId, 100);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        t.inTransaction(
          (trx) =>
            t.module.ledger.transfer(trx, {
              kind: 'operator_debit',
              reference: `d${index}`,
              userId,
              from: cash(userId),
              to: house,
              amount: 1,
            }),
          userId,
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(100);
    const refusals = results.filter((result) => result.status === 'rejected');
    expect(refusals.every((result) => (result.reason as { code?: string }).code === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect((await t.module.money.readBalances(t.db, userId)).cash).toBe(0);
    expect((await auditLedger(t.db)).faults).toEqual([]);
  });
});

describe('ledger audit', () => {
  it('finds nothing wrong in an honest ledger', async () => {
    const { faults, counts } = await auditLedger(t.db);
    expect(faults).toEqual([]);
    expect(counts.entries).toBeGreaterThan(10);
  });

  it('reports a tampered balance, a lone entry and a broken chain, each by name', async () => {
    const userId = await t.addPlayer('ledger_tamper');
    await credit(userId, 700);
    const key = userAccountKey(userId, 'cash');
    await t.db.updateTable('ledger_accounts').set({ balance: 900 }).where('account_key', '=', key).execute();
    const account = await t.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('account_key', '=', key)
      .executeTakeFirstOrThrow();
    const tx = await t.db
      .insertInto('ledger_transactions')
      .values({ kind: 'operator_credit', reference: ref('x'), book: 'real', user_id: userId, session_id: null, created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('ledger_entries')
      .values({ transaction_id: tx.id, account_id: account.id, book: 'real', amount: 200, balance_after: 950, created_at: 0 })
      .execute();
    const { faults } = await auditLedger(t.db);
    expect(faults).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^transaction ${tx.id}: 1 entries summing to 200`)),
        expect.stringMatching(new RegExp(`^entry \\d+ of ${key}: balance_after 950 but the running sum is 900`)),
      ]),
    );
    expect(faults).not.toContain(`account ${key}: stored balance 900 but its entries sum to 900`);
    await t.db.updateTable('ledger_accounts').set({ balance: 800 }).where('account_key', '=', key).execute();
    expect((await auditLedger(t.db)).faults).toContain(`account ${key}: stored balance 800 but its entries sum to 900`);
  });
});
