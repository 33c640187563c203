/**
 * The money module's public face: the only way money moves (docs/wallet.md, "Money"). Other
 * modules import from here, never from the ledger or this module's inner files.
 */
export { createMoneyModule, type MoneyModule, type MoneyModuleDeps } from './money.module';
export type {
  BetHold,
  BetHoldResult,
  BetResult,
  BonusMovement,
  CasinoMovement,
  CasinoStakeReads,
  CasinoStakeResult,
  DepositCredit,
  ExposureResult,
  MoneyRules,
  OperatorAdjustment,
  PlayOutcome,
  Stake,
  StakeProduct,
  WalletBalances,
  WithdrawalMovement,
} from './money-support';
export type { Money } from './money.service';
export { depositSubject, withdrawalSubject } from './money-support';
export type { StatementReader, SubjectDescriber, SubjectDescription } from './statement.service';
export type { OperatorActOptions, WalletService } from './wallet.service';
export { parseOperatorAmount, parseReason } from './wallet.service';
export { pagingOf, resolveReportQuery, type ResolvedReportQuery } from './report-query';
export { walletCommands } from './wallet.cli';
/**
 * The operator console's reads of money (docs/console.md): balances, a player's ledger entries,
 * the postings per day and what is held per market. The ledger's tables stay the ledger's.
 */
export { exposureByMarket } from './operator-reads.repository';
export { cashBalancesOf, dailyPostingCredits, pagePlayerEntries } from '../ledger';
export { auditLedger, DuplicatePostingError, InsufficientBalanceError, type LedgerAudit, ledgerCommands } from '../ledger';
