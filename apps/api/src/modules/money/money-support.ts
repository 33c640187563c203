import { ACTIVE_WALLET, type ActiveWallet, type BonusWallet } from '@app/shared';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/unit-of-work';

/** A player's balances in paise. */
export interface WalletBalances {
  cash: number;
  exposure: number;
  splitBonus: number;
  wagerBonus: number;
  bonusExposure: number;
}

/** The products a stake can come from: every stake passes through one of two verbs. */
export type StakeProduct = 'match_odds' | 'bookmaker' | 'fancy' | 'casino';

export interface Stake {
  userId: number;
  product: StakeProduct;
  /** The stake in paise (for a bet: what the player staked, not the change of their hold). */
  amount: number;
  /**
   * What the stake adds to the player's worst-case loss now, in paise: for a bet the change of its
   * market's hold (negative when it offsets), for a casino stake the stake.
   */
  exposureChange: number;
  /** The player's money held for open bets before this stake (read on demand). */
  heldExposure(): Promise<number>;
}

/** A settled result: what it changed in the player's net loss (positive: they lost more). Paise. */
export interface PlayOutcome {
  userId: number;
  lossChange: number;
}

/**
 * Rules that must see every stake, bonus grant or result of every product (responsible play):
 * each runs under the player's lock, inside the money transaction, and refuses by throwing an
 * AppError (nothing moves). A rule may write in the transaction (e.g. count the stake).
 */
export interface MoneyRules {
  /**
   * Reads what `checkStake` will read for the player, so a stake's verb can ask for it together
   * with its own reads (one round trip on PostgreSQL); the verb hands the answer to `checkStake`.
   */
  prepareStake?(tx: Tx, userId: number): Promise<unknown>;
  /** `prepared`: what this rule's `prepareStake` answered in the same verb, when it was asked. */
  checkStake?(tx: Tx, stake: Stake, prepared?: unknown): Promise<void>;
  /**
   * `checkStake`'s refusals, read-only and without the player's lock (it writes nothing): what a
   * caller that must wait before its money transaction (the in-play delay) asks first, so a stake
   * that would be refused anyway is refused at once. `checkStake` still decides, under the lock.
   */
  previewStake?(db: Db, stake: Stake): Promise<void>;
  checkBonusGrant?(tx: Tx, grant: { userId: number; amount: number }): Promise<void>;
  recordOutcome?(tx: Tx, outcome: PlayOutcome): Promise<void>;
}

export interface BetHold {
  userId: number;
  /** The market's subject, e.g. 'market:1.234' or 'fancy:77'. */
  subject: string;
  /** The player's worst-case loss on the market after the bet, in paise (never below 0). */
  exposure: number;
  /** The bet that changes the hold. */
  stake: { product: Exclude<StakeProduct, 'casino'>; amount: number };
  /** Names the hold in the statement, e.g. 'bet 991 placed'. */
  cause: string;
  sessionId?: string | null;
}

export interface ExposureResult {
  cashHeld: number;
  bonusHeld: number;
  /** Signed: what moved into held exposure (negative: released). */
  change: number;
}

/** A bet's hold, with the player's balances after it: the figures read under the lock, moved by its legs. */
export interface BetHoldResult extends ExposureResult {
  balancesAfter: WalletBalances;
}

export interface BetResult {
  userId: number;
  subject: string;
  /** The player's profit (+) or loss (−) over their bets in the market, in paise. */
  profitLoss: number;
  reference: string;
  note: string;
}

export interface CasinoMovement {
  userId: number;
  /** The game provider's code: its account takes the stake and pays the win. */
  provider: string;
  amount: number;
  reference: string;
  /** 'casino:{provider}:{round}' */
  subject: string;
}

/**
 * What a casino stake reads before it moves money (the balances with the active wallet, and what
 * the money rules read ahead), read by `readForCasinoStake` beside the caller's own reads: on
 * PostgreSQL they share one round trip. Opaque to the caller: it hands it to `casinoStake`.
 */
export interface CasinoStakeReads {
  readonly wallet: { balances: WalletBalances; activeWallet: number };
  readonly prepared: unknown[];
}

export type CasinoStakeResult =
  | { ok: true; fromCash: number; fromBonus: number; transactionId: number | null; playableAfter: number }
  | { ok: false; playable: number };

export interface BonusMovement {
  userId: number;
  wallet: BonusWallet;
  amount: number;
  reference: string;
  sessionId?: string | null;
  /** A grant an operator made (docs/operators.md): kept on the ledger transaction. */
  operatorId?: number | null;
}

export interface OperatorAdjustment {
  userId: number;
  direction: 'credit' | 'debit';
  amount: number;
  reference: string;
  reason: string;
  /** The operator who made it: kept on the ledger transaction (docs/operators.md). */
  operatorId?: number;
}

/** A deposit the gateway confirmed (docs/payments.md): into the player's cash, once per order. */
export interface DepositCredit {
  userId: number;
  amount: number;
  orderId: string;
  /** The gateway that took the money (for the note). */
  gateway: string;
}

/** A withdrawal's money: held from cash, given back, or paid out (docs/payments.md). */
export interface WithdrawalMovement {
  userId: number;
  amount: number;
  withdrawId: number;
  /** Why it moves, for the statement (an operator's reason, the gateway's failure). */
  note?: string | null;
  sessionId?: string | null;
}

/** What a payment's postings belong to, so the statement folds and names them (docs/payments.md). */
export function depositSubject(orderId: string): string {
  return `payment:deposit:${orderId}`;
}

export function withdrawalSubject(withdrawId: number): string {
  return `payment:withdraw:${withdrawId}`;
}

const EMPTY: WalletBalances = { cash: 0, exposure: 0, splitBonus: 0, wagerBonus: 0, bonusExposure: 0 };
const FIELD_BY_KIND: Record<string, keyof WalletBalances> = {
  cash: 'cash',
  exposure: 'exposure',
  split_bonus: 'splitBonus',
  wager_bonus: 'wagerBonus',
  bonus_exposure: 'bonusExposure',
};

export function toBalances(rows: { kind: string; balance: number | null }[]): WalletBalances {
  const balances = { ...EMPTY };
  for (const row of rows) {
    const field = FIELD_BY_KIND[row.kind];
    if (field) balances[field] = Number(row.balance ?? 0);
  }
  return balances;
}

export function toActiveWallet(value: number | null | undefined): ActiveWallet {
  return value === ACTIVE_WALLET.split || value === ACTIVE_WALLET.wager ? value : ACTIVE_WALLET.none;
}

/** A note with a suffix, within the ledger's 200 characters. */
export function noteWith(note: string, suffix: string): string {
  return `${note}: ${suffix}`.slice(0, 200);
}

export function bonusAccount(wallet: BonusWallet) {
  return wallet === 'split' ? ('split_bonus' as const) : ('wager_bonus' as const);
}
