import type { Db } from '../../db/database';
import {
  badReversals,
  balanceMismatches,
  brokenChainsAfter,
  exposureMismatches,
  latestCheckpoint,
  ledgerHighWater,
  saveCheckpoint,
  staleBalancesAfter,
  unbalancedTransactionsAfter,
  brokenBalanceChains,
  ledgerCounts,
  mixedBooks,
  negativeAccounts,
  splitBonusMismatches,
  unbalancedTransactions,
  withdrawalHoldMismatches,
} from './ledger-audit.repository';

/** The withdrawals account against the withdrawals still waiting (docs/payments.md). */
async function withdrawalFaults(db: Db): Promise<string[]> {
  return (await withdrawalHoldMismatches(db)).map(
    (row) =>
      `account ${row.account_key}: holds ${Number(row.held)} but pending and approved withdrawals hold ${Number(row.open)}`,
  );
}

export interface LedgerAudit {
  faults: string[];
  counts: { accounts: number; transactions: number; entries: number };
  /** Incremental audits: the checkpoint they started from (undefined: a full audit). */
  from?: { transactionId: number; entryId: number };
}

/**
 * Checks every invariant of the ledger and describes each fault found: balanced transactions,
 * stored balances equal to their entries, no player below zero, an unbroken balance_after chain,
 * books that never mix, split bonuses backed by their account, and withdrawals held to the paise.
 */
export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const faults: string[] = [];
  for (const row of await unbalancedTransactions(db)) {
    faults.push(
      `transaction ${row.id}: ${Number(row.entries)} entries summing to ${Number(row.total ?? 0)} (must be ≥2 entries summing to 0)`,
    );
  }
  for (const row of await balanceMismatches(db)) {
    faults.push(`account ${row.account_key}: stored balance ${Number(row.balance)} but its entries sum to ${Number(row.total)}`);
  }
  for (const row of await negativeAccounts(db)) {
    faults.push(`account ${row.account_key}: balance ${Number(row.balance)} is below zero`);
  }
  for (const row of await brokenBalanceChains(db)) {
    faults.push(
      `entry ${row.id} of ${row.account_key}: balance_after ${row.balance_after === null ? 'null' : Number(row.balance_after)} but the running sum is ${Number(row.running)}`,
    );
  }
  for (const row of await mixedBooks(db)) {
    faults.push(
      `entry ${row.id}: book ${row.entry_book}, account book ${row.account_book}, transaction book ${row.transaction_book}`,
    );
  }
  for (const row of await splitBonusMismatches(db)) {
    faults.push(
      `account ${row.account_key}: holds ${Number(row.balance)} but active split bonuses hold ${Number(row.remaining)}`,
    );
  }
  for (const row of await exposureMismatches(db)) {
    faults.push(`account ${row.account_key}: holds ${Number(row.balance)} but its markets hold ${Number(row.held)}`);
  }
  for (const row of await badReversals(db)) {
    faults.push(`transaction ${row.id}: does not exactly reverse transaction ${Number(row.reverses)}`);
  }
  faults.push(...(await withdrawalFaults(db)));
  return { faults, counts: await ledgerCounts(db) };
}

/**
 * `ledger verify` for a large ledger: the full audit once, then only what came after the last
 * clean audit's checkpoint (balanced transactions, the balance chain and stored balances of the
 * accounts they touched), plus the exposure, bonus and reversal checks, which read current state.
 * A clean audit, full or incremental, records a new checkpoint.
 */
export async function auditLedgerFromCheckpoint(db: Db, now: number): Promise<LedgerAudit> {
  const checkpoint = await latestCheckpoint(db);
  const highWater = await ledgerHighWater(db, now);
  let audit: LedgerAudit;
  if (!checkpoint) {
    audit = await auditLedger(db);
  } else {
    const faults: string[] = [];
    for (const row of await unbalancedTransactionsAfter(db, checkpoint.last_transaction_id)) {
      faults.push(
        `transaction ${row.id}: ${Number(row.entries)} entries summing to ${Number(row.total ?? 0)} (must be ≥2 entries summing to 0)`,
      );
    }
    for (const row of await brokenChainsAfter(db, checkpoint.last_entry_id)) {
      faults.push(
        `entry ${row.id} of ${row.account_key}: balance_after ${row.balance_after === null ? 'null' : Number(row.balance_after)} but the previous entry plus its amount is ${Number(row.expected)}`,
      );
    }
    for (const row of await staleBalancesAfter(db, checkpoint.last_entry_id)) {
      faults.push(
        `account ${row.account_key}: stored balance ${Number(row.balance)} but its last entry says ${Number(row.last)}`,
      );
    }
    for (const row of await negativeAccounts(db))
      faults.push(`account ${row.account_key}: balance ${Number(row.balance)} is below zero`);
    for (const row of await splitBonusMismatches(db)) {
      faults.push(
        `account ${row.account_key}: holds ${Number(row.balance)} but active split bonuses hold ${Number(row.remaining)}`,
      );
    }
    for (const row of await exposureMismatches(db)) {
      faults.push(`account ${row.account_key}: holds ${Number(row.balance)} but its markets hold ${Number(row.held)}`);
    }
    for (const row of await badReversals(db))
      faults.push(`transaction ${row.id}: does not exactly reverse transaction ${Number(row.reverses)}`);
    faults.push(...(await withdrawalFaults(db)));
    audit = {
      faults,
      counts: await ledgerCounts(db),
      from: { transactionId: checkpoint.last_transaction_id, entryId: checkpoint.last_entry_id },
    };
  }
  if (audit.faults.length === 0) {
    await saveCheckpoint(db, { last_transaction_id: highWater.transactionId, last_entry_id: highWater.entryId, created_at: now });
  }
  return audit;
}
