import type { Db } from '../../db/database';
import {
  balanceMismatches,
  brokenBalanceChains,
  ledgerCounts,
  mixedBooks,
  negativeAccounts,
  splitBonusMismatches,
  unbalancedTransactions,
} from './ledger-audit.repository';

export interface LedgerAudit {
  faults: string[];
  counts: { accounts: number; transactions: number; entries: number };
}

/**
 * Checks every invariant of the ledger and describes each fault found: balanced transactions,
 * stored balances equal to their entries, no player below zero, an unbroken balance_after chain,
 * books that never mix, and split bonuses backed by their account.
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
  return { faults, counts: await ledgerCounts(db) };
}
