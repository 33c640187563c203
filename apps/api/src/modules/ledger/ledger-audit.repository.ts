import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Each audit query returns at most this many faulty rows; the count says how many there are. */
const FAULT_SAMPLE = 50;

/** Transactions whose entries do not sum to zero, or that have fewer than two entries. */
export async function unbalancedTransactions(db: Db) {
  const result = await sql<{ id: number; total: number | null; entries: number }>`
    select t.id, sum(e.amount) as total, count(e.id) as entries
    from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id
    having count(e.id) < 2 or sum(e.amount) <> 0
    order by t.id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}

/** Accounts whose stored balance is not the sum of their entries. */
export async function balanceMismatches(db: Db) {
  const result = await sql<{ account_key: string; balance: number; total: number }>`
    select a.account_key, a.balance, coalesce(s.total, 0) as total
    from ledger_accounts a
    left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
    where a.balance is not null and a.balance <> coalesce(s.total, 0)
    order by a.id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}

/** Accounts that must never go below zero and did. */
export async function negativeAccounts(db: Db) {
  const result = await sql<{ account_key: string; balance: number }>`
    select account_key, balance from ledger_accounts where balance < 0 order by id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}

/** Entries whose balance_after is not the running sum of their account's entries up to them. */
export async function brokenBalanceChains(db: Db) {
  const result = await sql<{ id: number; account_key: string; balance_after: number | null; running: number }>`
    select id, account_key, balance_after, running from (
      select e.id, a.account_key, e.balance_after, a.balance as stored,
        sum(e.amount) over (partition by e.account_id order by e.id rows between unbounded preceding and current row) as running
      from ledger_entries e join ledger_accounts a on a.id = e.account_id
    ) chain
    where (stored is not null and (balance_after is null or balance_after <> running))
       or (stored is null and balance_after is not null)
    order by id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}

/** Entries whose book differs from their account's or their transaction's. */
export async function mixedBooks(db: Db) {
  const result = await sql<{ id: number; entry_book: string; account_book: string; transaction_book: string }>`
    select e.id, e.book as entry_book, a.book as account_book, t.book as transaction_book
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transactions t on t.id = e.transaction_id
    where e.book <> a.book or e.book <> t.book
    order by e.id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}

/** Players whose split-bonus account differs from what their active split bonuses still hold. */
export async function splitBonusMismatches(db: Db) {
  const result = await sql<{ account_key: string; balance: number; remaining: number }>`
    select a.account_key, a.balance, coalesce(b.remaining, 0) as remaining
    from ledger_accounts a
    left join (
      select user_id, sum(remaining_amount) as remaining from bonuses
      where wallet = 'split' and status = 'active' group by user_id
    ) b on b.user_id = a.owner_user_id
    where a.kind = 'split_bonus' and a.balance <> coalesce(b.remaining, 0)
    order by a.id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}

export async function ledgerCounts(db: Db) {
  const result = await sql<{ accounts: number; transactions: number; entries: number }>`
    select (select count(*) from ledger_accounts) as accounts,
           (select count(*) from ledger_transactions) as transactions,
           (select count(*) from ledger_entries) as entries`.execute(db);
  const row = result.rows[0];
  return {
    accounts: Number(row?.accounts ?? 0),
    transactions: Number(row?.transactions ?? 0),
    entries: Number(row?.entries ?? 0),
  };
}
