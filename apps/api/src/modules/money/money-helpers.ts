import { ACTIVE_WALLET, allocateRelease, allocateStake, formatPaiseAsRupees } from '@app/shared';
import type { Db } from '../../db/database';
import { assertPlayerLocked, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Leg, type Ledger, listUserBalances } from '../ledger';
import {
  type ExposureResult,
  type MoneyRules,
  type PlayOutcome,
  type Stake,
  toBalances,
  type WalletBalances,
} from './money-support';
import { findActiveWallet, findBalancesAndWallet, findMarketExposure, saveMarketExposure } from './wallet.repository';

/** What every part of the money front door (money-*.ts) is given: createMoney's deps and the helpers built once. */
export interface MoneyDeps {
  clock: Clock;
  ledger: Ledger;
  /** The rules in force: the same list the money module adds to (`useRules`), never a copy. */
  rules: readonly MoneyRules[];
  helpers: MoneyHelpers;
}

/** Where a larger hold comes from (cash, then the wager bonus when active); refuses when short. */
export async function takeForHold(userId: number, change: number, balances: WalletBalances, activeWallet: number) {
  const canUseBonus = activeWallet === ACTIVE_WALLET.wager;
  const taken = allocateStake(change, { cash: balances.cash, wagerBonus: balances.wagerBonus, canUseBonus });
  if (!taken.ok) {
    // The site's one money format (docs/shell.md "Numbers"): ₹10,000.00, as the header shows it.
    throw new AppError('INSUFFICIENT_BALANCE', `Insufficient balance: ${formatPaiseAsRupees(taken.short)} short`);
  }
  return taken;
}

/** The reads and checks the verbs share (readBalances, walletOnce, checkStake, setExposure…), built once by createMoney. */
export function createMoneyHelpers(clock: Clock, ledger: Ledger, rules: readonly MoneyRules[]) {
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

  return { readBalances, balancesOnce, walletOnce, prepareStake, checkStake, recordOutcome, setExposure };
}

export type MoneyHelpers = ReturnType<typeof createMoneyHelpers>;
