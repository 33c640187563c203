import { ACTIVE_WALLET, allocateStake } from '@app/shared';
import { readTogether } from '../../db/reusable-query';
import { assertPlayerLocked, type Tx } from '../../db/unit-of-work';
import type { Leg } from '../ledger';
import type { MoneyDeps } from './money-helpers';
import type { CasinoMovement, CasinoStakeReads, CasinoStakeResult } from './money-support';

/** A game's stake, win and rollback, between the player's wallets and the provider's account. */
export function createMoneyCasino({ ledger, helpers }: MoneyDeps) {
  const { walletOnce, prepareStake, checkStake, recordOutcome } = helpers;

  async function readForCasinoStake(tx: Tx, userId: number): Promise<CasinoStakeReads> {
    assertPlayerLocked(tx, userId);
    // What the stake's rules and its posting read, asked for together (one round trip on PostgreSQL).
    const [wallet, prepared] = await readTogether(tx, [walletOnce(tx, userId), prepareStake(tx, userId)]);
    return { wallet, prepared };
  }

  return {
    readForCasinoStake,

    async casinoStake(
      tx: Tx,
      { userId, provider, amount, reference, subject }: CasinoMovement,
      reads?: CasinoStakeReads,
    ): Promise<CasinoStakeResult> {
      assertPlayerLocked(tx, userId);
      const { wallet, prepared } = reads ?? (await readForCasinoStake(tx, userId));
      const { balances, activeWallet } = wallet;
      await checkStake(tx, { userId, product: 'casino', amount, exposureChange: amount }, async () => balances, prepared);
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

    async casinoPayout(tx: Tx, { userId, provider, amount, reference, subject }: CasinoMovement): Promise<number> {
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

    async casinoRollback(
      tx: Tx,
      {
        userId,
        stakeTransactionId,
        amount,
        reference,
        subject,
      }: Omit<CasinoMovement, 'provider'> & { stakeTransactionId: number },
    ): Promise<number> {
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
  };
}
