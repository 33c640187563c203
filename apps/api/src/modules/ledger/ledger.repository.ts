import type { PostingKind } from '@app/shared';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { userChangedColumn } from '../../db/user-changes';
import type { Book, LedgerAccountRow, LedgerEntriesTable, LedgerTransactionsTable, UserAccountKind } from './ledger.table';
import { numberSentinel, reusableQuery, reusableStatement, textSentinel } from '../../db/reusable-query';

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
  return reusableStatement(
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
      kind: PostingKind,
      reference: string,
      book: string,
      userId: number | null,
      sessionId: string | null,
      note: string | null,
      reverses: number | null,
      subject: string | null,
      createdAt: number,
      operatorId: number | null,
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
          subject,
          created_at: createdAt,
          operator_id: operatorId,
        })
        .returning('id'),
    [
      textSentinel(0) as PostingKind,
      textSentinel(1),
      textSentinel(2),
      numberSentinel(3),
      textSentinel(4),
      textSentinel(5),
      numberSentinel(6),
      textSentinel(7),
      numberSentinel(8),
      numberSentinel(9),
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
        row.subject ?? null,
        row.created_at,
        row.operator_id ?? null,
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

/** The statement's time limits: lines whose latest movement is in [startMs, endMs), their entries from `sinceMs`. */
export interface StatementWindow {
  startMs: number;
  endMs: number;
  sinceMs: number;
}

/**
 * What a statement line adds to or takes from the player (docs/wallet.md, "Account statement"):
 * the net change of everything they have — cash, money held for their bets (still theirs) and
 * bonus. A hold or its release moves nothing; a market's line is its profit or loss, a bonus
 * turned to cash 0. So each line's amount is exactly the move of the statement's balance.
 */
const LINE_AMOUNT = sql<number>`sum(e.amount)`;

/**
 * The player's movements grouped into statement lines: every posting of one subject together,
 * every posting without a subject on its own.
 */
function statementLines(db: Db, accountIds: number[], window: StatementWindow) {
  const singleId = sql<number>`case when t.subject is null then t.id else 0 end`;
  const lastAt = sql<number>`max(e.created_at)`;
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select([
      't.subject',
      singleId.as('single_id'),
      sql<number>`min(t.id)`.as('first_id'),
      sql<number>`max(t.id)`.as('last_id'),
      lastAt.as('last_at'),
      LINE_AMOUNT.as('amount'),
      sql<number>`sum(case when a.kind in ('exposure', 'bonus_exposure') then e.amount else 0 end)`.as('held'),
      sql<number>`sum(case when a.kind in ('exposure', 'bonus_exposure') and e.amount < 0 then -e.amount else 0 end)`.as(
        'released',
      ),
      sql<number>`max(e.id)`.as('last_entry_id'),
      sql<number>`count(*)`.as('entry_count'),
    ])
    .where('e.account_id', 'in', accountIds)
    .where('e.created_at', '>=', window.sinceMs)
    .groupBy([sql`t.subject`, singleId])
    .having(lastAt, '>=', window.startMs)
    .having(lastAt, '<', window.endMs);
}

/** One page of statement lines, newest first. */
export async function pageStatementLines(db: Db, accountIds: number[], window: StatementWindow, offset: number, limit: number) {
  if (accountIds.length === 0) return [];
  const rows = await statementLines(db, accountIds, window)
    .orderBy(sql`max(t.id)`, 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    subject: row.subject,
    firstId: Number(row.first_id),
    lastId: Number(row.last_id),
    lastAt: Number(row.last_at),
    amount: Number(row.amount ?? 0),
    held: Number(row.held ?? 0),
    released: Number(row.released ?? 0),
    lastEntryId: Number(row.last_entry_id),
    entryCount: Number(row.entry_count),
  }));
}

const IN_LIST_CHUNK = 500;

/**
 * The statement's balance after the line whose latest entry is `lastEntryId`, counting every line
 * whole at its latest movement (docs/wallet.md "Account statement"): what all the player's
 * accounts held right after that entry, less the earlier movements of subjects whose line is dated
 * later (a market held before and settled after). Reads only the entries up to it (immutable) and
 * the subjects moved since, so a write that commits meanwhile changes nothing.
 */
export async function statementBalanceAfter(db: Db, accountIds: number[], lastEntryId: number): Promise<number> {
  if (accountIds.length === 0) return 0;
  let total = 0;
  for (const accountId of accountIds) {
    const row = await db
      .selectFrom('ledger_entries')
      .select('balance_after')
      .where('account_id', '=', accountId)
      .where('id', '<=', lastEntryId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    total += Number(row?.balance_after ?? 0);
  }
  const later = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select('t.subject')
    .distinct()
    .where('e.account_id', 'in', accountIds)
    .where('e.id', '>', lastEntryId)
    .where('t.subject', 'is not', null)
    .execute();
  const subjects = later.flatMap((row) => (row.subject === null ? [] : [row.subject]));
  for (let start = 0; start < subjects.length; start += IN_LIST_CHUNK) {
    const row = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('e.amount'), eb.lit(0)).as('total'))
      .where('e.account_id', 'in', accountIds)
      .where('e.id', '<=', lastEntryId)
      .where('t.subject', 'in', subjects.slice(start, start + IN_LIST_CHUNK))
      .executeTakeFirstOrThrow();
    total -= Number(row.total);
  }
  return total;
}

/** How many lines the window holds, and the sums of their credits and debits. */
export async function totalStatementLines(db: Db, accountIds: number[], window: StatementWindow) {
  if (accountIds.length === 0) return { rows: 0, credit: 0, debit: 0 };
  const row = await db
    .selectFrom(statementLines(db, accountIds, window).as('l'))
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      eb.fn.sum<number>(eb.case().when('l.amount', '>', 0).then(eb.ref('l.amount')).else(0).end()).as('credit'),
      eb.fn.sum<number>(eb.case().when('l.amount', '<', 0).then(eb.ref('l.amount')).else(0).end()).as('debit'),
    ])
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), credit: Number(row.credit ?? 0), debit: -Number(row.debit ?? 0) };
}

/** The entries of the given lines (by subject, or by transaction for lines of their own), newest first. */
export async function listStatementEntries(
  db: Db,
  accountIds: number[],
  lines: { subjects: string[]; transactionIds: number[] },
  sinceMs: number,
) {
  if (accountIds.length === 0 || (lines.subjects.length === 0 && lines.transactionIds.length === 0)) return [];
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select([
      'e.id',
      'e.amount',
      'e.balance_after',
      'e.account_id',
      'e.created_at',
      't.id as transaction_id',
      't.kind',
      't.reference',
      't.note',
      't.subject',
      'a.kind as wallet',
    ])
    .where('e.account_id', 'in', accountIds)
    .where('e.created_at', '>=', sinceMs)
    .where((eb) => {
      const either = [];
      if (lines.subjects.length > 0) either.push(eb('t.subject', 'in', lines.subjects));
      if (lines.transactionIds.length > 0) either.push(eb('t.id', 'in', lines.transactionIds));
      return eb.or(either);
    })
    .orderBy('e.id', 'desc')
    .execute();
}

/**
 * A player's net result on play since a moment: settled bets (their profit or loss) and casino
 * rounds (stakes out, wins and returned stakes in), on their cash and bonus. Paise.
 */
export async function sumPlayResultsSince(db: Db, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('e.amount'), eb.lit(0)).as('total'))
    .where('a.owner_user_id', '=', userId)
    .where('a.kind', 'in', ['cash', 'split_bonus', 'wager_bonus'])
    .where('t.kind', 'in', ['bet_win', 'bet_loss', 'bet_settle_reversal', 'casino_bet', 'casino_win', 'casino_rollback'])
    .where('e.created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * A player's casino play since `since` (paise): what they staked (stakes less the ones rolled
 * back) and what the games paid them, from the seamless wallet's postings on their own accounts.
 */
export async function sumCasinoPlaySince(db: Db, userId: number, since: number): Promise<{ staked: number; won: number }> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select((eb) => ['t.kind', eb.fn.coalesce(eb.fn.sum<number>('e.amount'), eb.lit(0)).as('total')])
    .where('a.owner_user_id', '=', userId)
    .where('a.kind', 'in', ['cash', 'split_bonus', 'wager_bonus'])
    .where('t.kind', 'in', ['casino_bet', 'casino_win', 'casino_rollback'])
    .where('e.created_at', '>=', since)
    .groupBy('t.kind')
    .execute();
  const total = (kind: string) => Number(rows.find((row) => row.kind === kind)?.total ?? 0);
  // A stake is a debit of the player's accounts (negative), a rollback gives it back.
  return { staked: -(total('casino_bet') + total('casino_rollback')), won: total('casino_win') };
}
