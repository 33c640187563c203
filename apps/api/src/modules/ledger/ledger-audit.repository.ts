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

/** Players whose exposure accounts differ from the exposure held on their markets. */
export async function exposureMismatches(db: Db) {
  const result = await sql<{ account_key: string; balance: number; held: number }>`
    select a.account_key, a.balance,
      coalesce(case when a.kind = 'exposure' then s.cash else s.bonus end, 0) as held
    from ledger_accounts a
    left join (
      select user_id, sum(cash_held) as cash, sum(bonus_held) as bonus from market_exposure group by user_id
    ) s on s.user_id = a.owner_user_id
    where a.kind in ('exposure', 'bonus_exposure')
      and a.balance <> coalesce(case when a.kind = 'exposure' then s.cash else s.bonus end, 0)
    order by a.id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}

/** Reversals whose entries are not the exact negation of what they reverse. */
export async function badReversals(db: Db) {
  const result = await sql<{ id: number; reverses: number }>`
    select r.id, r.reverses_transaction_id as reverses
    from ledger_transactions r
    where r.reverses_transaction_id is not null and exists (
      select 1 from (
        select account_id, sum(amount) as total from ledger_entries
        where transaction_id in (r.id, r.reverses_transaction_id) group by account_id
      ) net where net.total <> 0
    )
    order by r.id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}

/**
 * The chain check from a checkpoint on: each player entry's balance_after is the previous entry's
 * plus its amount (the first entry's is its amount), and each stored balance is its last entry's
 * balance_after. With the full check once, this proves the same as the full check for what came
 * after, reading only the new entries.
 */
export async function brokenChainsAfter(db: Db, afterEntryId: number) {
  const result = await sql<{ id: number; account_key: string; balance_after: number | null; expected: number }>`
    select e.id, a.account_key, e.balance_after,
      coalesce((select p.balance_after from ledger_entries p
                where p.account_id = e.account_id and p.id < e.id order by p.id desc limit 1), 0) + e.amount as expected
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where e.id > ${afterEntryId} and a.balance is not null
      and (e.balance_after is null or e.balance_after <> coalesce((select p.balance_after from ledger_entries p
                where p.account_id = e.account_id and p.id < e.id order by p.id desc limit 1), 0) + e.amount)
    order by e.id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}

/** Stored balances of accounts touched after the checkpoint that differ from their last entry. */
export async function staleBalancesAfter(db: Db, afterEntryId: number) {
  const result = await sql<{ account_key: string; balance: number; last: number }>`
    select a.account_key, a.balance, l.balance_after as last
    from ledger_accounts a
    join (
      select e.account_id, e.balance_after from ledger_entries e
      where e.id = (select max(m.id) from ledger_entries m where m.account_id = e.account_id)
        and e.account_id in (select distinct account_id from ledger_entries where id > ${afterEntryId})
    ) l on l.account_id = a.id
    where a.balance is not null and a.balance <> l.balance_after
    order by a.id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}

/** Transactions after the checkpoint that do not balance. */
export async function unbalancedTransactionsAfter(db: Db, afterTransactionId: number) {
  const result = await sql<{ id: number; total: number | null; entries: number }>`
    select t.id, sum(e.amount) as total, count(e.id) as entries
    from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    where t.id > ${afterTransactionId}
    group by t.id
    having count(e.id) < 2 or sum(e.amount) <> 0
    order by t.id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}

export interface LedgerCheckpoint {
  last_transaction_id: number;
  last_entry_id: number;
  created_at: number;
}

export async function latestCheckpoint(db: Db): Promise<LedgerCheckpoint | undefined> {
  const row = await db
    .selectFrom('ledger_checkpoints')
    .select(['last_transaction_id', 'last_entry_id', 'created_at'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? {
        last_transaction_id: Number(row.last_transaction_id),
        last_entry_id: Number(row.last_entry_id),
        created_at: Number(row.created_at),
      }
    : undefined;
}

/**
 * What a clean audit vouches for: the newest transaction and entry written more than a minute
 * ago. A transaction still running may hold a lower id than one that committed (PostgreSQL
 * sequences), so the checkpoint trails by a minute, far longer than any money transaction.
 */
export async function ledgerHighWater(db: Db, now: number): Promise<{ transactionId: number; entryId: number }> {
  const before = now - 60_000;
  const result = await sql<{ tx: number | null; entry: number | null }>`
    select (select max(id) from ledger_transactions where created_at < ${before}) as tx,
           (select max(id) from ledger_entries where created_at < ${before}) as entry`.execute(db);
  return { transactionId: Number(result.rows[0]?.tx ?? 0), entryId: Number(result.rows[0]?.entry ?? 0) };
}

export async function saveCheckpoint(db: Db, checkpoint: LedgerCheckpoint): Promise<void> {
  await db.insertInto('ledger_checkpoints').values(checkpoint).execute();
}

/**
 * The money held for withdrawals (docs/payments.md): the `withdrawals_pending` account's entries
 * must sum to the withdrawals still waiting (pending, or approved and not yet paid or failed).
 * One row per book that differs.
 */
export async function withdrawalHoldMismatches(db: Db) {
  const result = await sql<{ account_key: string; held: number; open: number }>`
    select a.account_key,
      coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0) as held,
      coalesce((select sum(w.amount) from payment_withdrawals w where w.status in ('pending', 'approved')), 0) as open
    from ledger_accounts a
    where a.kind = 'withdrawals_pending'
      and coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)
        <> coalesce((select sum(w.amount) from payment_withdrawals w where w.status in ('pending', 'approved')), 0)
    order by a.id limit ${FAULT_SAMPLE}`.execute(db);
  return result.rows;
}
