import { ACTIVE_WALLET, DEMO_PLAY_MONEY_PAISE } from '@app/shared';
import type { Db } from '../../db/database';
import { lockNewPlayer, type Tx } from '../../db/unit-of-work';
import { sumCasinoPlaySince, sumPlayResultsSince } from '../ledger';
import type { MoneyDeps } from './money-helpers';
import { toActiveWallet } from './money-support';
import { findActiveWallet, listMarketExposure } from './wallet.repository';

/** The player's balances and results, and the accounts a player or a game provider is born with. */
export function createMoneyAccounts({ ledger, helpers }: MoneyDeps) {
  const { readBalances, walletOnce } = helpers;

  async function playableBalance(db: Db, userId: number): Promise<number> {
    const { balances, activeWallet } = await walletOnce(db, userId)();
    return balances.cash + (activeWallet === ACTIVE_WALLET.wager ? balances.wagerBonus : 0);
  }

  return {
    readBalances,
    activeWallet: async (db: Db, userId: number) => toActiveWallet(await findActiveWallet(db, userId)),
    playableBalance,
    netResultSince: (db: Db, userId: number, since: number) => sumPlayResultsSince(db, userId, since),
    async heldForBets(db: Db, userId: number) {
      const held = new Map<string, number>();
      for (const row of await listMarketExposure(db, userId)) {
        const amount = Number(row.cash_held) + Number(row.bonus_held);
        if (amount !== 0) held.set(row.market_key, amount);
      }
      return held;
    },
    casinoPlaySince: (db: Db, userId: number, since: number) => sumCasinoPlaySince(db, userId, since),

    async setUpPlayer(
      tx: Tx,
      { userId, isDemo, sessionId = null }: { userId: number; isDemo: boolean; sessionId?: string | null },
    ) {
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

    async openProviderAccounts(db: Db, code: string) {
      await ledger.openProviderAccount(db, code, 'real');
      await ledger.openProviderAccount(db, code, 'play');
    },
  };
}
