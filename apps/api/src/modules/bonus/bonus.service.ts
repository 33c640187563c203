import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import { listActiveBonuses } from './bonus.repository';
import { type BonusExpiry, createBonusExpiry } from './bonus-expiry';
import { type BonusGrants, createBonusGrants } from './bonus-grants';
import { wagerAllocation } from './bonus-support';
import { type BonusTurnover, createBonusTurnover } from './bonus-turnover';

export { EXPIRY_BATCH } from './bonus-expiry';
export type { GrantInput } from './bonus-grants';
export type { BonusRelease, TurnoverInput } from './bonus-turnover';

/**
 * Bonus wallets (docs/wallet.md, "Bonus wallets"): grants, the turnover that releases them and
 * the sweep that expires them, each a part of its own.
 */
export interface BonusService extends BonusGrants, BonusTurnover, BonusExpiry {
  /** What each of the player's active bonuses holds right now, by bonus id. */
  currentRemaining(db: Db, userId: number): Promise<Map<number, number>>;
}

export function createBonusService(db: Db, clock: Clock, money: Money): BonusService {
  const deps = { db, clock, money };
  return {
    ...createBonusGrants(deps),
    ...createBonusTurnover(deps),
    ...createBonusExpiry(deps),

    async currentRemaining(executor, userId) {
      const active = await listActiveBonuses(executor, userId);
      const remaining = new Map<number, number>();
      for (const bonus of active) if (bonus.wallet === 'split') remaining.set(Number(bonus.id), Number(bonus.remaining_amount));
      const wager = active.filter((bonus) => bonus.wallet === 'wager');
      if (wager.length > 0) {
        for (const [id, amount] of (await wagerAllocation(deps, executor, userId, wager)).allocation) remaining.set(id, amount);
      }
      return remaining;
    },
  };
}
