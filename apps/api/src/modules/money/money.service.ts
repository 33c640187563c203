import {
  ACTIVE_WALLET,
  type ActiveWallet,
  allocateLoss,
  allocateRelease,
  allocateStake,
  type BonusWallet,
  DEMO_PLAY_MONEY_PAISE,
  formatPaiseAsRupees,
} from '@app/shared';
import type { Db } from '../../db/database';
import { readTogether } from '../../db/reusable-query';
import { assertPlayerLocked, lockNewPlayer, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Leg, type Ledger, listUserBalances, sumCasinoPlaySince, sumPlayResultsSince } from '../ledger';
import {
  findActiveWallet,
  findBalancesAndWallet,
  findMarketExposure,
  listMarketExposure,
  saveMarketExposure,
} from './wallet.repository';

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

  /** A game's stake, to the provider's account; `ok: false` when the playable balance is short. */
  casinoStake(tx: Tx, movement: CasinoMovement): Promise<CasinoStakeResult>;
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
function noteWith(note: string, suffix: string): string {
  return `${note}: ${suffix}`.slice(0, 200);
}

function bonusAccount(wallet: BonusWallet) {
  return wallet === 'split' ? ('split_bonus' as const) : ('wager_bonus' as const);
}

/** `rules`: what every stake, grant and result passes; the modules that enforce rules add theirs. */
export function createMoney(clock: Clock, ledger: Ledger, rules: readonly MoneyRules[] = []): Money {
  async function readBalances(db: Db, userId: number): Promise<WalletBalances> {
    return toBalances(await listUserBalances(db, userId));
  }

  /** The player's balances, read at most once by a verb: its rules and its posting share them. */
  function balancesOnce(tx: Tx, userId: number): () => Promise<WalletBalances> {
    let read: Promise<WalletBalances> | undefined;
    return () => (read ??= readBalances(tx, userId));
  }

  /**
   * The player's balances and active wallet in one read, made at most once by a verb: its rules
   * and its posting share it. A player with no accounts yet has nothing to stake from either wallet.
   */
  function walletOnce(db: Db, userId: number): () => Promise<{ balances: WalletBalances; activeWallet: number }> {
    let read: Promise<{ balances: WalletBalances; activeWallet: number }> | undefined;
    return () =>
      (read ??= findBalancesAndWallet(db, userId).then((rows) => ({
        balances: toBalances(rows),
        activeWallet: Number(rows[0]?.active_wallet ?? ACTIVE_WALLET.none),
      })));
  }

  /** The rules' reads of a stake, for a verb's `readTogether`; its answer goes to `checkStake`. */
  const prepareStake = (tx: Tx, userId: number) => () => Promise.all(rules.map((rule) => rule.prepareStake?.(tx, userId)));

  async function checkStake(
    tx: Tx,
    stake: Omit<Stake, 'heldExposure'>,
    balances: () => Promise<WalletBalances>,
    prepared: unknown[] = [],
  ): Promise<void> {
    const heldExposure = async () => {
      const { exposure, bonusExposure } = await balances();
      return exposure + bonusExposure;
    };
    for (const [index, rule] of rules.entries()) await rule.checkStake?.(tx, { ...stake, heldExposure }, prepared[index]);
  }

  async function recordOutcome(tx: Tx, outcome: PlayOutcome): Promise<void> {
    if (outcome.lossChange === 0) return;
    for (const rule of rules) await rule.recordOutcome?.(tx, outcome);
  }

  /** Where a larger hold comes from (cash, then the wager bonus when active); refuses when short. */
  async function takeForHold(userId: number, change: number, balances: WalletBalances, activeWallet: number) {
    const canUseBonus = activeWallet === ACTIVE_WALLET.wager;
    const taken = allocateStake(change, { cash: balances.cash, wagerBonus: balances.wagerBonus, canUseBonus });
    if (!taken.ok) {
      // The site's one money format (docs/shell.md "Numbers"): ₹10,000.00, as the header shows it.
      throw new AppError('INSUFFICIENT_BALANCE', `Insufficient balance: ${formatPaiseAsRupees(taken.short)} short`);
    }
    return taken;
  }

  /** Moves the player's hold on a market to `exposure`; the one place holds change. */
  async function setExposure(
    tx: Tx,
    input: { userId: number; subject: string; exposure: number; cause: string; sessionId?: string | null },
    known: {
      row: Awaited<ReturnType<typeof findMarketExposure>>;
      balances: () => Promise<WalletBalances>;
      activeWallet?: number;
    } | null = null,
  ): Promise<ExposureResult> {
    const { userId, subject, exposure } = input;
    if (!Number.isSafeInteger(exposure) || exposure < 0) throw new Error(`Exposure must be whole paise >= 0, not ${exposure}`);
    assertPlayerLocked(tx, userId);
    const row = known ? known.row : await findMarketExposure(tx, userId, subject);
    const cashHeld = Number(row?.cash_held ?? 0);
    const bonusHeld = Number(row?.bonus_held ?? 0);
    const change = exposure - cashHeld - bonusHeld;
    if (change === 0) return { cashHeld, bonusHeld, change };
    let cashMove: number;
    let bonusMove: number;
    if (change > 0) {
      const balances = await (known?.balances ?? balancesOnce(tx, userId))();
      const taken = await takeForHold(userId, change, balances, known?.activeWallet ?? (await findActiveWallet(tx, userId)));
      cashMove = taken.fromCash;
      bonusMove = taken.fromBonus;
    } else {
      const given = allocateRelease(-change, { cash: cashHeld, bonus: bonusHeld });
      cashMove = -given.toCash;
      bonusMove = -given.toBonus;
    }
    const legs: Leg[] = [];
    if (cashMove !== 0) {
      legs.push({ account: { userId, kind: 'cash' }, amount: -cashMove });
      legs.push({ account: { userId, kind: 'exposure' }, amount: cashMove });
    }
    if (bonusMove !== 0) {
      legs.push({ account: { userId, kind: 'wager_bonus' }, amount: -bonusMove });
      legs.push({ account: { userId, kind: 'bonus_exposure' }, amount: bonusMove });
    }
    const version = Number(row?.version ?? 0) + 1;
    // The guarded updates re-check every figure read above.
    await ledger.post(tx, {
      kind: change > 0 ? 'exposure_hold' : 'exposure_release',
      reference: `${subject}:u${userId}:v${version}`,
      note: input.cause,
      subject,
      userId,
      sessionId: input.sessionId ?? null,
      legs,
    });
    const next = { cashHeld: cashHeld + cashMove, bonusHeld: bonusHeld + bonusMove, change };
    await saveMarketExposure(tx, {
      user_id: userId,
      market_key: subject,
      cash_held: next.cashHeld,
      bonus_held: next.bonusHeld,
      version,
      updated_at: clock.now(),
    });
    return next;
  }

  /** A market's profit (from the house to cash) or loss (to the house: bonus staked first, then cash). */
  async function postBetResult(tx: Tx, result: BetResult, bonusStaked: number): Promise<number | null> {
    const { userId, profitLoss, reference, note, subject } = result;
    if (profitLoss === 0) return null;
    if (profitLoss > 0) {
      const posted = await ledger.transfer(tx, {
        kind: 'bet_win',
        reference,
        note,
        subject,
        userId,
        from: { system: 'house' },
        to: { userId, kind: 'cash' },
        amount: profitLoss,
      });
      return posted.transactionId;
    }
    const loss = -profitLoss;
    const balances = await readBalances(tx, userId);
    const paid = allocateLoss(loss, { bonusStaked, cash: balances.cash, wagerBonus: balances.wagerBonus });
    const legs: Leg[] = [{ account: { system: 'house' }, amount: loss }];
    if (paid.fromCash > 0) legs.push({ account: { userId, kind: 'cash' }, amount: -paid.fromCash });
    if (paid.fromBonus > 0) legs.push({ account: { userId, kind: 'wager_bonus' }, amount: -paid.fromBonus });
    const posted = await ledger.post(tx, { kind: 'bet_loss', reference, note, subject, userId, legs });
    return posted.transactionId;
  }

  async function playableBalance(db: Db, userId: number): Promise<number> {
    const { balances, activeWallet } = await walletOnce(db, userId)();
    return balances.cash + (activeWallet === ACTIVE_WALLET.wager ? balances.wagerBonus : 0);
  }

  return {
    readBalances,
    activeWallet: async (db, userId) => toActiveWallet(await findActiveWallet(db, userId)),
    playableBalance,
    netResultSince: (db, userId, since) => sumPlayResultsSince(db, userId, since),
    async heldForBets(db, userId) {
      const held = new Map<string, number>();
      for (const row of await listMarketExposure(db, userId)) {
        const amount = Number(row.cash_held) + Number(row.bonus_held);
        if (amount !== 0) held.set(row.market_key, amount);
      }
      return held;
    },
    casinoPlaySince: (db, userId, since) => sumCasinoPlaySince(db, userId, since),

    async setUpPlayer(tx, { userId, isDemo, sessionId = null }) {
      await lockNewPlayer(tx, userId);
      const book = await ledger.openUserAccounts(tx, userId);
      if (!isDemo) return;
      if (book !== 'play') throw new Error(`User ${userId} is not a demo account; play money is for demo accounts only`);
      await ledger.transfer(tx, {
        kind: 'demo_funding',
        reference: `demo:${userId}`,
        note: 'play money for a new demo account',
        userId,
        sessionId,
        from: { system: 'house' },
        to: { userId, kind: 'cash' },
        amount: DEMO_PLAY_MONEY_PAISE,
      });
    },

    async openProviderAccounts(db, code) {
      await ledger.openProviderAccount(db, code, 'real');
      await ledger.openProviderAccount(db, code, 'play');
    },

    async holdForBet(tx, hold) {
      assertPlayerLocked(tx, hold.userId);
      const wallet = walletOnce(tx, hold.userId);
      const balances = async () => (await wallet()).balances;
      // What the hold's rules and its posting read, asked for together (one round trip on PostgreSQL).
      const [row, { activeWallet }, prepared] = await readTogether(tx, [
        () => findMarketExposure(tx, hold.userId, hold.subject),
        wallet,
        prepareStake(tx, hold.userId),
      ]);
      const exposureChange = hold.exposure - Number(row?.cash_held ?? 0) - Number(row?.bonus_held ?? 0);
      const { product, amount } = hold.stake;
      await checkStake(tx, { userId: hold.userId, product, amount, exposureChange }, balances, prepared);
      const result = await setExposure(tx, hold, { row, balances, activeWallet });
      // The legs moved cash to exposure and wager bonus to bonus exposure (or back): no second read.
      const before = await balances();
      const cashMove = result.cashHeld - Number(row?.cash_held ?? 0);
      const bonusMove = result.bonusHeld - Number(row?.bonus_held ?? 0);
      const balancesAfter: WalletBalances = {
        ...before,
        cash: before.cash - cashMove,
        exposure: before.exposure + cashMove,
        wagerBonus: before.wagerBonus - bonusMove,
        bonusExposure: before.bonusExposure + bonusMove,
      };
      return { ...result, balancesAfter };
    },

    async checkHoldForBet(db, hold) {
      const row = await findMarketExposure(db, hold.userId, hold.subject);
      const exposureChange = hold.exposure - Number(row?.cash_held ?? 0) - Number(row?.bonus_held ?? 0);
      let read: Promise<WalletBalances> | undefined;
      const balances = () => (read ??= readBalances(db, hold.userId));
      const heldExposure = async () => {
        const { exposure, bonusExposure } = await balances();
        return exposure + bonusExposure;
      };
      const stake: Stake = {
        userId: hold.userId,
        product: hold.stake.product,
        amount: hold.stake.amount,
        exposureChange,
        heldExposure,
      };
      for (const rule of rules) await rule.previewStake?.(db, stake);
      if (exposureChange > 0)
        await takeForHold(hold.userId, exposureChange, await balances(), await findActiveWallet(db, hold.userId));
    },

    async settleBets(tx, result) {
      const held = await findMarketExposure(tx, result.userId, result.subject);
      await setExposure(tx, {
        userId: result.userId,
        subject: result.subject,
        exposure: 0,
        cause: noteWith(result.note, 'held money back'),
      });
      await recordOutcome(tx, { userId: result.userId, lossChange: -result.profitLoss });
      return postBetResult(tx, result, Number(held?.bonus_held ?? 0));
    },

    async resettleBets(tx, result) {
      const reverseEarlier = async () => {
        if (result.earlierTransactionId === null) return;
        await ledger.reverse(tx, {
          transactionId: result.earlierTransactionId,
          kind: 'bet_settle_reversal',
          reference: result.reversalReference,
          userId: result.userId,
          subject: result.subject,
          note: noteWith(result.note, 'the earlier result reversed'),
        });
      };
      // Credits first, so a player who spent an earlier win is not short in between.
      if (result.profitLoss <= 0) await reverseEarlier();
      const transactionId = await postBetResult(tx, result, 0);
      if (result.profitLoss > 0) await reverseEarlier();
      await recordOutcome(tx, { userId: result.userId, lossChange: result.earlierProfitLoss - result.profitLoss });
      return transactionId;
    },

    async casinoStake(tx, { userId, provider, amount, reference, subject }) {
      assertPlayerLocked(tx, userId);
      const wallet = walletOnce(tx, userId);
      const readOnce = async () => (await wallet()).balances;
      // What the stake's rules and its posting read, asked for together (one round trip on PostgreSQL).
      const [{ activeWallet }, prepared] = await readTogether(tx, [wallet, prepareStake(tx, userId)]);
      await checkStake(tx, { userId, product: 'casino', amount, exposureChange: amount }, readOnce, prepared);
      const balances = await readOnce();
      const canUseBonus = activeWallet === ACTIVE_WALLET.wager;
      const playable = balances.cash + (canUseBonus ? balances.wagerBonus : 0);
      const taken = allocateStake(amount, { cash: balances.cash, wagerBonus: balances.wagerBonus, canUseBonus });
      if (!taken.ok) return { ok: false, playable };
      const legs: Leg[] = [];
      if (taken.fromCash > 0) legs.push({ account: { userId, kind: 'cash' }, amount: -taken.fromCash });
      if (taken.fromBonus > 0) legs.push({ account: { userId, kind: 'wager_bonus' }, amount: -taken.fromBonus });
      if (amount > 0) legs.push({ account: { system: 'game_provider', code: provider }, amount });
      // A zero stake (a free round) moves nothing but is still a stake the checks saw.
      const posted =
        legs.length > 0 ? await ledger.post(tx, { kind: 'casino_bet', reference, subject, userId, legs }) : undefined;
      return {
        ok: true,
        fromCash: taken.fromCash,
        fromBonus: taken.fromBonus,
        transactionId: posted?.transactionId ?? null,
        playableAfter: playable - amount,
      };
    },

    async casinoPayout(tx, { userId, provider, amount, reference, subject }) {
      const posted = await ledger.transfer(tx, {
        kind: 'casino_win',
        reference,
        subject,
        userId,
        from: { system: 'game_provider', code: provider },
        to: { userId, kind: 'cash' },
        amount,
      });
      await recordOutcome(tx, { userId, lossChange: -amount });
      return posted.transactionId;
    },

    async casinoRollback(tx, { userId, stakeTransactionId, amount, reference, subject }) {
      const posted = await ledger.reverse(tx, {
        transactionId: stakeTransactionId,
        kind: 'casino_rollback',
        reference,
        userId,
        subject,
      });
      // The stake counted as lost when it was taken; given back, it is not.
      await recordOutcome(tx, { userId, lossChange: -amount });
      return posted.transactionId;
    },

    async checkBonusGrant(tx, grant) {
      for (const rule of rules) await rule.checkBonusGrant?.(tx, grant);
    },

    async grantBonus(tx, { userId, wallet, amount, reference, sessionId, operatorId }) {
      for (const rule of rules) await rule.checkBonusGrant?.(tx, { userId, amount });
      const posted = await ledger.transfer(tx, {
        kind: 'bonus_grant',
        reference,
        userId,
        sessionId: sessionId ?? null,
        operatorId: operatorId ?? null,
        from: { system: 'house' },
        to: { userId, kind: bonusAccount(wallet) },
        amount,
      });
      return posted.transactionId;
    },

    async releaseBonus(tx, { userId, wallet, amount, reference, sessionId }) {
      const posted = await ledger.transfer(tx, {
        kind: 'bonus_release',
        reference,
        userId,
        sessionId: sessionId ?? null,
        from: { userId, kind: bonusAccount(wallet) },
        to: { userId, kind: 'cash' },
        amount,
      });
      return posted.transactionId;
    },

    async expireBonus(tx, { userId, wallet, amount, reference, sessionId }) {
      const posted = await ledger.transfer(tx, {
        kind: 'bonus_expiry',
        reference,
        userId,
        sessionId: sessionId ?? null,
        from: { userId, kind: bonusAccount(wallet) },
        to: { system: 'house' },
        amount,
      });
      return posted.transactionId;
    },

    async operatorAdjust(tx, { userId, direction, amount, reference, reason, operatorId }) {
      const cash = { userId, kind: 'cash' } as const;
      const house = { system: 'house' } as const;
      const posted = await ledger.transfer(tx, {
        kind: direction === 'credit' ? 'operator_credit' : 'operator_debit',
        reference,
        note: reason,
        userId,
        from: direction === 'credit' ? house : cash,
        to: direction === 'credit' ? cash : house,
        amount,
        operatorId: operatorId ?? null,
      });
      return posted.transactionId;
    },

    async depositCredit(tx, { userId, amount, orderId, gateway }) {
      const posted = await ledger.transfer(tx, {
        kind: 'deposit_credit',
        reference: `deposit:${orderId}`,
        note: `deposit through ${gateway}`,
        subject: depositSubject(orderId),
        userId,
        from: { system: 'payment_gateway' },
        to: { userId, kind: 'cash' },
        amount,
      });
      return posted.transactionId;
    },

    async withdrawalHold(tx, { userId, amount, withdrawId, note, sessionId }) {
      assertPlayerLocked(tx, userId);
      const { cash } = await readBalances(tx, userId);
      if (cash < amount) {
        throw new AppError(
          'INSUFFICIENT_BALANCE',
          `You can withdraw at most ${formatPaiseAsRupees(cash)}: bonus money and money held for open bets are not withdrawable`,
        );
      }
      const posted = await ledger.transfer(tx, {
        kind: 'withdrawal_hold',
        reference: `withdraw:${withdrawId}:hold`,
        note: note ?? null,
        subject: withdrawalSubject(withdrawId),
        userId,
        sessionId: sessionId ?? null,
        from: { userId, kind: 'cash' },
        to: { system: 'withdrawals_pending' },
        amount,
      });
      return posted.transactionId;
    },

    async withdrawalRelease(tx, { userId, amount, withdrawId, note, sessionId }) {
      const posted = await ledger.transfer(tx, {
        kind: 'withdrawal_release',
        reference: `withdraw:${withdrawId}:release`,
        note: note ?? null,
        subject: withdrawalSubject(withdrawId),
        userId,
        sessionId: sessionId ?? null,
        from: { system: 'withdrawals_pending' },
        to: { userId, kind: 'cash' },
        amount,
      });
      return posted.transactionId;
    },

    async withdrawalPayout(tx, { userId, amount, withdrawId, note }) {
      const posted = await ledger.transfer(tx, {
        kind: 'withdrawal_payout',
        reference: `withdraw:${withdrawId}:payout`,
        note: note ?? null,
        subject: withdrawalSubject(withdrawId),
        userId,
        // No player's account moves: the money already left cash when it was held.
        book: 'real',
        from: { system: 'withdrawals_pending' },
        to: { system: 'payment_gateway' },
        amount,
      });
      return posted.transactionId;
    },
  };
}
