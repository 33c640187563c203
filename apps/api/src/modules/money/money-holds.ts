import type { Db } from '../../db/database';
import { readTogether } from '../../db/reusable-query';
import { assertPlayerLocked, type Tx } from '../../db/unit-of-work';
import { type MoneyDeps, takeForHold } from './money-helpers';
import type { BetHold, BetHoldResult, Stake, WalletBalances } from './money-support';
import { findActiveWallet, findMarketExposure } from './wallet.repository';

/** A bet's hold on its market (docs/wallet.md, "Exposure"), and the same checks without the lock. */
export function createMoneyHolds({ rules, helpers }: MoneyDeps) {
  const { readBalances, walletOnce, prepareStake, checkStake, setExposure } = helpers;

  return {
    async holdForBet(tx: Tx, hold: BetHold): Promise<BetHoldResult> {
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

    async checkHoldForBet(db: Db, hold: Omit<BetHold, 'cause' | 'sessionId'>): Promise<void> {
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
  };
}
