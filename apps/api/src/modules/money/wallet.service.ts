import { randomUUID } from 'node:crypto';
import {
  ACTIVE_WALLET,
  type ActiveWallet,
  type Balance,
  MAX_OPERATOR_AMOUNT_PAISE,
  paiseToRupees,
  parseRupees,
} from '@app/shared';
import type { Db } from '../../db/database';
import { createUserCache, HOT_COPIES } from '../../db/user-cache';
import type { UserChangeFeed } from '../../db/user-changes';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findUserByNameKey, userNameKey } from '../users';
import { type IdempotencyClaim, moneyTransaction, type Tx } from '../../db/unit-of-work';
import { toActiveWallet, toBalances, type WalletBalances } from './money-support';
import type { Money } from './money.service';
import { findBalancesAndWallet, upsertActiveWallet } from './wallet.repository';

/**
 * An operator's act that moves money, once (docs/operators.md, "Exactly once"): its
 * Idempotency-Key claimed in the act's own transaction, and `within` (the audit row) written in
 * it after the money moved, so the money, the key and the audit row commit together or not at all.
 */
export interface OperatorActOptions<C> {
  idempotency?: IdempotencyClaim | null;
  within?: (tx: Tx, change: C) => Promise<void>;
}

export interface WalletService {
  /** The balance answer of `user/getUserBalance`, in rupees, read from the database (and kept in memory). */
  getBalance(userId: number): Promise<Balance>;
  /** The in-memory copy of that answer, when there is one that is sure to be good. */
  balanceCopy(userId: number): Balance | undefined;
  balancesByName(userName: string): Promise<WalletBalances>;
  setActiveWallet(userId: number, status: ActiveWallet, idempotency?: IdempotencyClaim | null): Promise<ActiveWallet>;
  /** Operator credit or debit by user name, as a transfer with the house; amount in rupees as typed. */
  operatorAdjust(
    direction: 'credit' | 'debit',
    userName: string,
    amount: string,
    reason: string,
    operatorId?: number,
    options?: OperatorActOptions<{ before: WalletBalances; after: WalletBalances }>,
  ): Promise<WalletBalances>;
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

export function createWalletService(db: Db, clock: Clock, money: Money, userChanges?: UserChangeFeed): WalletService {
  const copies = userChanges ? createUserCache<number, Balance>(userChanges, clock, HOT_COPIES) : undefined;

  async function userIdByName(userName: string): Promise<number> {
    const user = await findUserByNameKey(db, userNameKey(userName));
    if (!user) throw new AppError('NOT_FOUND', `No user is named ${userName}`);
    return Number(user.id);
  }

  return {
    balanceCopy: (userId) => copies?.get(userId),

    async getBalance(userId) {
      const ticket = copies?.ticket();
      const rows = await findBalancesAndWallet(db, userId);
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

    balancesByName: async (userName) => money.readBalances(db, await userIdByName(userName)),

    async setActiveWallet(userId, status, idempotency) {
      return moneyTransaction(db, { userIds: [userId], idempotency, now: clock.now() }, async (trx) => {
        if (status !== ACTIVE_WALLET.none) {
          const balances = await money.readBalances(trx, userId);
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

    async operatorAdjust(direction, userName, amountText, reasonText, operatorId, options = {}) {
      const amount = parseOperatorAmount(amountText);
      const reason = parseReason(reasonText);
      const userId = await userIdByName(userName);
      const work = { userIds: [userId], idempotency: options.idempotency ?? null, now: clock.now() };
      return moneyTransaction(db, work, async (trx) => {
        const before = await money.readBalances(trx, userId);
        await money.operatorAdjust(trx, {
          userId,
          direction,
          amount,
          reason,
          reference: `operator:${randomUUID()}`,
          ...(operatorId === undefined ? {} : { operatorId }),
        });
        const after = await money.readBalances(trx, userId);
        await options.within?.(trx, { before, after });
        return after;
      });
    },
  };
}
