/**
 * The ledger's public face. Only the money module imports it (tools/eslint/one-way-imports.js):
 * every movement is one of the money module's verbs (docs/wallet.md, "Money").
 */
export {
  BALANCE_CHANGED_TOPIC,
  createLedger,
  DuplicatePostingError,
  InsufficientBalanceError,
  type AccountRef,
  type Leg,
  type Ledger,
  type PostResult,
} from './ledger.service';
export {
  listStatementEntries,
  listUserAccounts,
  listUserBalances,
  pageStatementLines,
  statementBalanceAfter,
  sumCasinoPlaySince,
  sumPlayResultsSince,
  type StatementWindow,
  totalStatementLines,
  userAccountKey,
} from './ledger.repository';
export { cashBalancesOf, dailyPostingCredits, pagePlayerEntries } from './ledger-reports.repository';
export type { Book, UserAccountKind } from './ledger.table';
export { auditLedger, type LedgerAudit } from './ledger-audit';
export { ledgerCommands } from './ledger.cli';
