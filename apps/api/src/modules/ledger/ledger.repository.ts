import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { Book, LedgerAccountRow, LedgerEntriesTable, LedgerTransactionsTable, UserAccountKind } from './ledger.table';

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

/**
 * Adds `amount` (signed paise) to a stored balance unless it would go below zero, as ONE
 * statement: the check and the change cannot be split by another writer. On PostgreSQL the
 * updated row stays locked until the caller's transaction ends, which serialises concurrent
 * debits of the same account across processes. Undefined: no such account or not enough money.
 */
export async function applyToStoredBalance(
  db: Db,
  accountKey: string,
  amount: number,
): Promise<{ id: number; balance: number; book: Book } | undefined> {
  const row = await db
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance: eb('balance', '+', amount) }))
    .where('account_key', '=', accountKey)
    .where((eb) => eb(eb('balance', '+', amount), '>=', 0))
    .returning(['id', 'balance', 'book'])
    .executeTakeFirst();
  return row ? { id: Number(row.id), balance: Number(row.balance), book: row.book } : undefined;
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

export async function insertTransaction(db: Db, row: Insertable<LedgerTransactionsTable>): Promise<number> {
  const inserted = await db.insertInto('ledger_transactions').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertEntries(db: Db, rows: Insertable<LedgerEntriesTable>[]): Promise<void> {
  await db.insertInto('ledger_entries').values(rows).execute();
}

/** A player's balances by account kind: one indexed read. */
export async function listUserBalances(db: Db, userId: number): Promise<{ kind: string; balance: number | null }[]> {
  return db.selectFrom('ledger_accounts').select(['kind', 'balance']).where('owner_user_id', '=', userId).execute();
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
