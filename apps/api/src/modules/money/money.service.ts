import type { ActiveWallet } from '@app/shared';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { Ledger } from '../ledger';
import { createMoneyAccounts } from './money-accounts';
import { createMoneyBonus } from './money-bonus';
import { createMoneyCasino } from './money-casino';
import { createMoneyHelpers, type MoneyDeps } from './money-helpers';
import { createMoneyHolds } from './money-holds';
import { createMoneyOperator } from './money-operator';
import { createMoneyPayments } from './money-payments';
import { createMoneySettlement } from './money-settlement';
import type {
  BetHold,
  BetHoldResult,
  BetResult,
  BonusMovement,
  CasinoMovement,
  CasinoStakeReads,
  CasinoStakeResult,
  DepositCredit,
  MoneyRules,
  OperatorAdjustment,
  WalletBalances,
  WithdrawalMovement,
} from './money-support';

export type { MoneyRules } from './money-support';

/**
 * The money front door (docs/wallet.md, "Money"): the only caller of the ledger. Every movement
 * is one of these verbs; each runs inside the caller's money transaction, which holds the
 * player's lock (the ledger fails fast otherwise). Every stake — match odds, bookmaker, fancy
 * and casino — passes `stakeChecks` first, so a rule that must see them all lives in one place.
 */
export interface Money {
  readBalances(db: Db, userId: number): Promise<WalletBalances>;
  activeWallet(db: Db, userId: number): Promise<ActiveWallet>;
  /** What a casino game may stake: cash, plus the wager bonus while the wager wallet is active. */
  playableBalance(db: Db, userId: number): Promise<number>;

  /**
   * What is held for the player's open bets, per market subject ('market:1.234', 'fancy:77'),
   * cash and bonus together, in paise: the parts of the header's exposure (docs/wallet.md "Exposure").
   */
  heldForBets(db: Db, userId: number): Promise<Map<string, number>>;

  /** The player's net result (won − lost, paise) on bets and games settled since `since`. */
  netResultSince(db: Db, userId: number, since: number): Promise<number>;

  /** The player's casino stakes (less rollbacks) and the games' wins (paise) since `since`. */
  casinoPlaySince(db: Db, userId: number, since: number): Promise<{ staked: number; won: number }>;

  /** At birth, in the transaction that creates the player: their accounts, and a demo's play money. */
  setUpPlayer(tx: Tx, player: { userId: number; isDemo: boolean; sessionId?: string | null }): Promise<void>;
  /** A game provider's accounts in both books; call outside any transaction. */
  openProviderAccounts(db: Db, code: string): Promise<void>;

  /**
   * A bet's stake: sets the player's hold on the market to its new worst case, taken from cash
   * first, then from the wager bonus when the wager wallet is active. Refuses with 422
   * INSUFFICIENT_BALANCE, naming the amount short.
   */
  holdForBet(tx: Tx, hold: BetHold): Promise<BetHoldResult>;
  /**
   * Would `holdForBet` refuse this hold now? The same rules (a pause, a stake or loss limit) and
   * the same balance check, read without the player's lock and moving nothing: a bet that must
   * wait out the in-play delay is refused before it, not after (docs/betting.md, "Placement").
   * The verb checks everything again in its transaction; the balance may move in between.
   */
  checkHoldForBet(db: Db, hold: Omit<BetHold, 'cause' | 'sessionId'>): Promise<void>;
  /** A settled market: releases the player's hold and posts their profit or loss. Resolves to the result's transaction. */
  settleBets(tx: Tx, result: BetResult): Promise<number | null>;
  /** A re-settled market: reverses the earlier result (linked to it) and posts the new one, credits first. */
  resettleBets(
    tx: Tx,
    result: BetResult & { earlierTransactionId: number | null; earlierProfitLoss: number; reversalReference: string },
  ): Promise<number | null>;

  /** What a casino stake reads first, for the caller to read beside its own (one round trip on PostgreSQL). */
  readForCasinoStake(tx: Tx, userId: number): Promise<CasinoStakeReads>;
  /**
   * A game's stake, to the provider's account; `ok: false` when the playable balance is short.
   * `reads`: what `readForCasinoStake` read in this transaction, under the player's lock.
   */
  casinoStake(tx: Tx, movement: CasinoMovement, reads?: CasinoStakeReads): Promise<CasinoStakeResult>;
  /** A game's win, from the provider's account to cash. */
  casinoPayout(tx: Tx, movement: CasinoMovement): Promise<number>;
  /** A stake given back exactly as it was taken (cash to cash, bonus to bonus), linked to it. */
  casinoRollback(tx: Tx, movement: Omit<CasinoMovement, 'provider'> & { stakeTransactionId: number }): Promise<number>;

  /**
   * The check every bonus grant passes (responsible play: none during a pause), on its own: a
   * caller runs it before writing anything of its own, so a refusal leaves nothing half done.
   * Throws the rule's refusal.
   */
  checkBonusGrant(tx: Tx, grant: { userId: number; amount: number }): Promise<void>;
  grantBonus(tx: Tx, movement: BonusMovement): Promise<number>;
  /** Bonus money that became cash. */
  releaseBonus(tx: Tx, movement: BonusMovement): Promise<number>;
  /** Bonus money that went back to the house at its expiry. */
  expireBonus(tx: Tx, movement: BonusMovement): Promise<number>;

  operatorAdjust(tx: Tx, adjustment: OperatorAdjustment): Promise<number>;

  /** A confirmed deposit: the gateway's account to the player's cash (`deposit_credit`, once per order). */
  depositCredit(tx: Tx, credit: DepositCredit): Promise<number>;
  /**
   * A withdrawal asked for: its amount leaves cash for `withdrawals_pending` at once. Refuses with
   * 422 INSUFFICIENT_BALANCE when cash (bonus and held exposure are not cash) is short.
   */
  withdrawalHold(tx: Tx, movement: WithdrawalMovement): Promise<number>;
  /** A withdrawal cancelled, rejected or whose payout failed: the held money back to cash. */
  withdrawalRelease(tx: Tx, movement: WithdrawalMovement): Promise<number>;
  /** A withdrawal the gateway paid: the held money leaves for the gateway's account. */
  withdrawalPayout(tx: Tx, movement: WithdrawalMovement): Promise<number>;
}

/**
 * `rules`: what every stake, grant and result passes; the modules that enforce rules add theirs.
 * The verbs live in parts by concern (money-accounts, -holds, -settlement, -casino, -bonus,
 * -operator, -payments), each given the same deps and the helpers built once (money-helpers.ts).
 */
export function createMoney(clock: Clock, ledger: Ledger, rules: readonly MoneyRules[] = []): Money {
  const deps: MoneyDeps = { clock, ledger, rules, helpers: createMoneyHelpers(clock, ledger, rules) };
  return {
    ...createMoneyAccounts(deps),
    ...createMoneyHolds(deps),
    ...createMoneySettlement(deps),
    ...createMoneyCasino(deps),
    ...createMoneyBonus(deps),
    ...createMoneyOperator(deps),
    ...createMoneyPayments(deps),
  };
}
