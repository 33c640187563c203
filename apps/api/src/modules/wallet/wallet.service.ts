import { randomUUID } from 'node:crypto';
import {
  ACTIVE_WALLET,
  type ActiveWallet,
  type Balance,
  DEMO_PLAY_MONEY_PAISE,
  formatPaiseAsRupees,
  MAX_OPERATOR_AMOUNT_PAISE,
  paiseToRupees,
  parseRupees,
} from '@app/shared';
import type { Db } from '../../db/database';
import { createUserCache, HOT_COPIES } from '../../db/user-cache';
import type { UserChangeFeed } from '../../db/user-changes';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { listUserBalances } from '../ledger/ledger.repository';
import type { Ledger } from '../ledger/ledger.service';
import { findUserByNameKey } from '../users/users.repository';
import { userNameKey } from '../users/users.service';
import { assertPlayerLocked, type IdempotencyClaim, moneyTransaction, type Tx } from '../../db/unit-of-work';
import {
  createBalanceReader,
  findActiveWallet,
  findMarketExposure,
  saveMarketExposure,
  upsertActiveWallet,
} from './wallet.repository';

/** A player's balances in paise. */
export interface WalletBalances {
  cash: number;
  exposure: number;
  splitBonus: number;
  wagerBonus: number;
  bonusExposure: number;
}

export interface ExposureInput {
  userId: number;
  /** The market's key, e.g. 'market:1.234'. */
  marketKey: string;
  /** The player's worst-case loss on the market after the change, in paise (never below 0). */
  exposure: number;
  /** Names the adjustment in the ledger, e.g. 'bet:991'. */
  cause: string;
  sessionId?: string | null;
}

export interface ExposureResult {
  cashHeld: number;
  bonusHeld: number;
  /** Signed: what moved into held exposure (negative: released). */
  change: number;
}

export interface WalletService {
  /** The balance answer of `user/getUserBalance`, in rupees, read from the database (and kept in memory). */
  getBalance(userId: number): Promise<Balance>;
  /** The in-memory copy of that answer, when there is one that is sure to be good. */
  balanceCopy(userId: number): Balance | undefined;
  readBalances(db: Db, userId: number): Promise<WalletBalances>;
  balancesByName(userName: string): Promise<WalletBalances>;
  setActiveWallet(userId: number, status: ActiveWallet, idempotency?: IdempotencyClaim | null): Promise<ActiveWallet>;
  /** Operator credit or debit by user name, as a transfer with the house; amount in rupees as typed. */
  operatorAdjust(direction: 'credit' | 'debit', userName: string, amount: string, reason: string): Promise<WalletBalances>;
  /** Play money for a fresh demo account, from the play-money house. */
  fundDemoAccount(db: Db, userId: number, sessionId?: string | null): Promise<void>;
  /**
   * Sets the exposure a player holds on one market, inside a money transaction that locks them:
   * an increase is taken from cash first, then from the wager bonus when the wager wallet is
   * active; a decrease returns bonus first (it was taken last), then cash. One signed ledger
   * adjustment records both shares. Refuses with 422 INSUFFICIENT_BALANCE, naming the amount short.
   */
  setMarketExposure(tx: Tx, input: ExposureInput): Promise<ExposureResult>;
}

const EMPTY: WalletBalances = { cash: 0, exposure: 0, splitBonus: 0, wagerBonus: 0, bonusExposure: 0 };
const FIELD_BY_KIND: Record<string, keyof WalletBalances> = {
  cash: 'cash',
  exposure: 'exposure',
  split_bonus: 'splitBonus',
  wager_bonus: 'wagerBonus',
  bonus_exposure: 'bonusExposure',
};

function toBalances(rows: { kind: string; balance: number | null }[]): WalletBalances {
  const balances = { ...EMPTY };
  for (const row of rows) {
    const field = FIELD_BY_KIND[row.kind];
    if (field) balances[field] = Number(row.balance ?? 0);
  }
  return balances;
}

function toActiveWallet(value: number | null | undefined): ActiveWallet {
  return value === ACTIVE_WALLET.split || value === ACTIVE_WALLET.wager ? value : ACTIVE_WALLET.none;
}

export function parseOperatorAmount(text: string): number {
  const parsed = parseRupees(text);
  if (!parsed.ok) throw new AppError('BAD_REQUEST', `Amount ${parsed.reason}`);
  if (parsed.paise === 0) throw new AppError('BAD_REQUEST', 'Amount must be more than 0');
  if (parsed.paise > MAX_OPERATOR_AMOUNT_PAISE) {
    throw new AppError('BAD_REQUEST', `Amount must be at most ${paiseToRupees(MAX_OPERATOR_AMOUNT_PAISE)}`);
  }
  return parsed.paise;
}

export function parseReason(text: string): string {
  const reason = text.trim();
  if (reason.length === 0 || reason.length > 180) throw new AppError('BAD_REQUEST', 'Reason must be 1 to 180 characters');
  return reason;
}

export function createWalletService(db: Db, clock: Clock, ledger: Ledger, userChanges?: UserChangeFeed): WalletService {
  const readBalanceRows = createBalanceReader();
  const copies = userChanges ? createUserCache<number, Balance>(userChanges, clock, HOT_COPIES) : undefined;
  async function readBalances(executor: Db, userId: number): Promise<WalletBalances> {
    return toBalances(await listUserBalances(executor, userId));
  }

  async function userIdByName(userName: string): Promise<number> {
    const user = await findUserByNameKey(db, userNameKey(userName));
    if (!user) throw new AppError('NOT_FOUND', `No user is named ${userName}`);
    return Number(user.id);
  }

  return {
    balanceCopy: (userId) => copies?.get(userId),

    async getBalance(userId) {
      const ticket = copies?.ticket();
      const rows = await readBalanceRows(db, userId);
      const balances = toBalances(rows);
      const balance: Balance = {
        free_chip: paiseToRupees(balances.cash),
        exposure: paiseToRupees(balances.exposure + balances.bonusExposure),
        bonus_amount: paiseToRupees(balances.splitBonus + balances.wagerBonus),
        split_bonus: paiseToRupees(balances.splitBonus),
        wagger_bonus: paiseToRupees(balances.wagerBonus),
        active_wallet: toActiveWallet(rows[0]?.active_wallet),
      };
      if (copies && ticket) copies.keep(ticket, userId, userId, balance);
      return balance;
    },

    readBalances,
    balancesByName: async (userName) => readBalances(db, await userIdByName(userName)),

    async setActiveWallet(userId, status, idempotency) {
      return moneyTransaction(db, { userIds: [userId], idempotency, now: clock.now() }, async (trx) => {
        if (status !== ACTIVE_WALLET.none) {
          const balances = await readBalances(trx, userId);
          const available = status === ACTIVE_WALLET.split ? balances.splitBonus : balances.wagerBonus + balances.bonusExposure;
          if (available <= 0) {
            const name = status === ACTIVE_WALLET.split ? 'split' : 'wager';
            throw new AppError('REFUSED', `There is no bonus in the ${name} wallet to activate`);
          }
        }
        await upsertActiveWallet(trx, userId, status, clock.now());
        return status;
      });
    },

    async operatorAdjust(direction, userName, amountText, reasonText) {
      const amount = parseOperatorAmount(amountText);
      const reason = parseReason(reasonText);
      const userId = await userIdByName(userName);
      return moneyTransaction(db, { userIds: [userId], now: clock.now() }, async (trx) => {
        const cash = { userId, kind: 'cash' } as const;
        const house = { system: 'house' } as const;
        await ledger.transfer(trx, {
          kind: `operator_${direction}`,
          reference: `operator:${randomUUID()}`,
          note: reason,
          userId,
          from: direction === 'credit' ? house : cash,
          to: direction === 'credit' ? cash : house,
          amount,
        });
        return readBalances(trx, userId);
      });
    },

    async fundDemoAccount(executor, userId, sessionId = null) {
      const book = await ledger.openUserAccounts(executor, userId);
      if (book !== 'play') throw new Error(`User ${userId} is not a demo account; play money is for demo accounts only`);
      await ledger.transfer(executor, {
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

    async setMarketExposure(tx, { userId, marketKey, exposure, cause, sessionId }) {
      if (!Number.isSafeInteger(exposure) || exposure < 0) throw new Error(`Exposure must be whole paise >= 0, not ${exposure}`);
      assertPlayerLocked(tx, userId);
      const row = await findMarketExposure(tx, userId, marketKey);
      const cashHeld = Number(row?.cash_held ?? 0);
      const bonusHeld = Number(row?.bonus_held ?? 0);
      const change = exposure - cashHeld - bonusHeld;
      if (change === 0) return { cashHeld, bonusHeld, change };
      let cashMove: number;
      let bonusMove: number;
      if (change > 0) {
        const balances = await readBalances(tx, userId);
        const usesBonus = (await findActiveWallet(tx, userId)) === ACTIVE_WALLET.wager;
        cashMove = Math.min(change, balances.cash);
        bonusMove = change - cashMove;
        const bonusAvailable = usesBonus ? balances.wagerBonus : 0;
        if (bonusMove > bonusAvailable) {
          // The site's one money format (docs/shell.md "Numbers"): ₹10,000.00, as the header shows it.
          const short = formatPaiseAsRupees(bonusMove - bonusAvailable);
          throw new AppError('INSUFFICIENT_BALANCE', `Insufficient balance: ${short} short`);
        }
      } else {
        bonusMove = -Math.min(-change, bonusHeld);
        cashMove = change - bonusMove;
      }
      const legs = [];
      if (cashMove !== 0) {
        legs.push({ account: { userId, kind: 'cash' as const }, amount: -cashMove });
        legs.push({ account: { userId, kind: 'exposure' as const }, amount: cashMove });
      }
      if (bonusMove !== 0) {
        legs.push({ account: { userId, kind: 'wager_bonus' as const }, amount: -bonusMove });
        legs.push({ account: { userId, kind: 'bonus_exposure' as const }, amount: bonusMove });
      }
      const version = Number(row?.version ?? 0) + 1;
      // The guarded updates re-check every figure read above.
      await ledger.post(tx, {
        kind: change > 0 ? 'exposure_hold' : 'exposure_release',
        reference: `${marketKey}:u${userId}:v${version}`,
        note: cause,
        userId,
        sessionId: sessionId ?? null,
        legs,
      });
      const next = { cashHeld: cashHeld + cashMove, bonusHeld: bonusHeld + bonusMove, change };
      await saveMarketExposure(tx, {
        user_id: userId,
        market_key: marketKey,
        cash_held: next.cashHeld,
        bonus_held: next.bonusHeld,
        version,
        updated_at: clock.now(),
      });
      return next;
    },
  };
}
