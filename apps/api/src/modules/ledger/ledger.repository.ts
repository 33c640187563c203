import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import { userChangedColumn } from '../../db/user-changes';
import type { Book, LedgerAccountRow, LedgerEntriesTable, LedgerTransactionsTable, UserAccountKind } from './ledger.table';
import { numberSentinel, reusableQuery, textSentinel } from '../../db/reusable-query';

export const USER_ACCOUNT_KINDS: readonly UserAccountKind[] = [
  'cash',
  'exposure',
  'split_bonus',
  'wager_bonus',
  'bonus_exposure',
];

export function userAccountKey(userId: number, kind: UserAccountKind): string {
  return `u:${userId}:${kind}`;
}

/** The ledger's hot statements, compiled once per database (one set per ledger instance). */
export interface LedgerStatements {
  /**
   * Adds `amount` (signed paise) to a stored balance unless it would go below zero, as ONE
   * statement: the check and the change cannot be split by another writer. On PostgreSQL the
   * updated row stays locked until the caller's transaction ends, which serialises concurrent
   * debits of the same account across processes. It also tells every process holding a copy of
   * the owner's balance that it changed. Undefined: no such account or not enough money.
   */
  applyToStoredBalance(
    db: Db,
    accountKey: string,
    amount: number,
  ): Promise<{ id: number; balance: number; book: Book } | undefined>;
  insertTransaction(db: Db, row: Omit<Insertable<LedgerTransactionsTable>, 'id'>): Promise<number>;
  insertEntries(db: Db, rows: Omit<Insertable<LedgerEntriesTable>, 'id'>[]): Promise<void>;
}

function entriesStatement(count: number) {
  const sentinels: unknown[] = Array.from({ length: count * 6 }, (_, index) =>
    index % 6 === 2 ? textSentinel(index) : numberSentinel(index),
  );
  return reusableQuery(
    (db: Db, ...values: unknown[]) =>
      db.insertInto('ledger_entries').values(
        Array.from({ length: count }, (_, row) => {
          const [transactionId, accountId, book, amount, balanceAfter, createdAt] = values.slice(row * 6, row * 6 + 6);
          return {
            transaction_id: transactionId as number,
            account_id: accountId as number,
            book: book as Book,
            amount: amount as number,
            balance_after: balanceAfter as number | null,
            created_at: createdAt as number,
          };
        }),
      ),
    sentinels,
  );
}

export function createLedgerStatements(): LedgerStatements {
  const guardedUpdate = reusableQuery(
    (db: Db, amount: number, accountKey: string, sameAmount: number) =>
      db
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance: eb('balance', '+', amount) }))
        .where('account_key', '=', accountKey)
        .where((eb) => eb(eb('balance', '+', sameAmount), '>=', eb.lit(0)))
        // The owner's cached balance is dropped by every process (db/user-changes.ts).
        .returning(['id', 'balance', 'book', userChangedColumn('owner_user_id')]),
    [numberSentinel(0), textSentinel(1), numberSentinel(2)] as const,
  );
  const insertTransactionRow = reusableQuery(
    (
      db: Db,
      kind: string,
      reference: string,
      book: string,
      userId: number | null,
      sessionId: string | null,
      note: string | null,
      reverses: number | null,
      createdAt: number,
    ) =>
      db
        .insertInto('ledger_transactions')
        .values({
          kind,
          reference,
          book: book as Book,
          user_id: userId,
          session_id: sessionId,
          note,
          reverses_transaction_id: reverses,
          created_at: createdAt,
        })
        .returning('id'),
    [
      textSentinel(0),
      textSentinel(1),
      textSentinel(2),
      numberSentinel(3),
      textSentinel(4),
      textSentinel(5),
      numberSentinel(6),
      numberSentinel(7),
    ] as const,
  );
  const entriesByCount = new Map<number, ReturnType<typeof entriesStatement>>();
  return {
    async applyToStoredBalance(db, accountKey, amount) {
      const [row] = await guardedUpdate(db, amount, accountKey, amount);
      return row ? { id: Number(row.id), balance: Number(row.balance), book: row.book } : undefined;
    },
    async insertTransaction(db, row) {
      const [inserted] = await insertTransactionRow(
        db,
        row.kind,
        row.reference,
        row.book,
        row.user_id ?? null,
        row.session_id ?? null,
        row.note ?? null,
        row.reverses_transaction_id ?? null,
        row.created_at,
      );
      if (!inserted) throw new Error('ledger transaction insert returned no id');
      return Number(inserted.id);
    },
    async insertEntries(db, rows) {
      let statement = entriesByCount.get(rows.length);
      if (!statement) entriesByCount.set(rows.length, (statement = entriesStatement(rows.length)));
      await statement(
        db,
        ...rows.flatMap((row) => [
          row.transaction_id,
          row.account_id,
          row.book,
          row.amount,
          row.balance_after ?? null,
          row.created_at,
        ]),
      );
    },
  };
}

export async function findAccountByKey(db: Db, accountKey: string): Promise<LedgerAccountRow | undefined> {
  return db.selectFrom('ledger_accounts').selectAll().where('account_key', '=', accountKey).executeTakeFirst();
}

/** Creates every account of a player; a concurrent creator is harmless. */
export async function insertUserAccounts(db: Db, userId: number, book: Book, now: number): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values(
      USER_ACCOUNT_KINDS.map((kind) => ({
        account_key: userAccountKey(userId, kind),
        owner_user_id: userId,
        kind,
        book,
        balance: 0,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.column('account_key').doNothing())
    .execute();
}

export async function insertSystemAccount(
  db: Db,
  account: { account_key: string; kind: 'house' | 'payment_gateway' | 'game_provider'; book: Book },
  now: number,
): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values({ ...account, owner_user_id: null, balance: null, created_at: now })
    .onConflict((oc) => oc.column('account_key').doNothing())
    .execute();
}

export async function findUserIsDemo(db: Db, userId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom('users').select('is_demo').where('id', '=', userId).executeTakeFirst();
  return row ? row.is_demo === 1 : undefined;
}

/** A player's balances by account kind: one indexed read. */
/** Compiled once: the casino wallet reads it on every call (see reusableQuery). */
const selectUserBalances = reusableQuery(
  (db: Db, userId: number) => db.selectFrom('ledger_accounts').select(['kind', 'balance']).where('owner_user_id', '=', userId),
  [numberSentinel(0)] as const,
);

export async function listUserBalances(db: Db, userId: number): Promise<{ kind: string; balance: number | null }[]> {
  return selectUserBalances(db, userId);
}

export async function listUserAccounts(db: Db, userId: number): Promise<LedgerAccountRow[]> {
  return db.selectFrom('ledger_accounts').selectAll().where('owner_user_id', '=', userId).execute();
}

/** Sum of a system account's entries: its balance (system accounts store none). */
export async function sumAccountEntries(db: Db, accountKey: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('ledger_entries.amount'), eb.lit(0)).as('total'))
    .where('ledger_accounts.account_key', '=', accountKey)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The transaction of a kind and reference, if it was written: "once" is the database's rule. */
export async function findTransactionByReference(db: Db, kind: string, reference: string) {
  return db
    .selectFrom('ledger_transactions')
    .selectAll()
    .where('kind', '=', kind)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** The entries of one transaction, with each account's key. */
export async function listTransactionEntries(db: Db, transactionId: number) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['e.account_id', 'e.amount', 'a.account_key', 'a.owner_user_id', 'a.kind'])
    .where('e.transaction_id', '=', transactionId)
    .orderBy('e.id')
    .execute();
}
