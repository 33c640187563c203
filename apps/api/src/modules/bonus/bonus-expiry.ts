import { moneyTransaction } from '../../db/unit-of-work';
import { findBonus, listActiveBonuses, listDueBonuses, updateBonus } from './bonus.repository';
import { type BonusDeps, moveBonusOut, wagerAllocation } from './bonus-support';

/** Due bonuses read per page by the expiry sweep. */
export const EXPIRY_BATCH = 100;

/** Bonuses past their lifetime, their remainder back to the house (docs/wallet.md, "Bonus wallets"). */
export interface BonusExpiry {
  /** Expires every bonus past its time; each in its own transaction. Resolves to how many. */
  expireDue(): Promise<number>;
}

export function createBonusExpiry(deps: BonusDeps): BonusExpiry {
  const { db, clock } = deps;

  async function expireOne(bonusId: number): Promise<boolean> {
    const due = await findBonus(db, bonusId);
    if (!due) return false;
    // The player's lock first, like every money transaction, then the bonus is read again under it.
    return moneyTransaction(db, { userIds: [Number(due.user_id)], now: clock.now() }, async (trx) => {
      const bonus = await findBonus(trx, bonusId);
      if (!bonus || bonus.status !== 'active' || Number(bonus.expires_at) > clock.now()) return false;
      const userId = Number(bonus.user_id);
      let amount = Number(bonus.remaining_amount);
      if (bonus.wallet === 'wager') {
        const { allocation, balances } = await wagerAllocation(deps, trx, userId, await listActiveBonuses(trx, userId, 'wager'));
        // Bonus money still staked on open bets comes back at settlement; expire after that.
        if (balances.bonusExposure > 0) return false;
        amount = allocation.get(bonusId) ?? 0;
      }
      await moveBonusOut(deps, trx, bonus, 'expiry', amount);
      await updateBonus(trx, bonusId, {
        status: 'expired',
        expired_amount: amount,
        remaining_amount: 0,
        closed_at: clock.now(),
      });
      return true;
    });
  }

  return {
    async expireDue() {
      let expired = 0;
      const now = clock.now();
      // Pages by id, so bonuses kept back (bonus money on open bets) never block the ones behind.
      for (let afterId = 0; ;) {
        const page = await listDueBonuses(db, now, afterId, EXPIRY_BATCH);
        for (const due of page) {
          if (await expireOne(Number(due.id))) expired += 1;
        }
        const last = page.at(-1);
        if (!last || page.length < EXPIRY_BATCH) return expired;
        afterId = Number(last.id);
      }
    },
  };
}
