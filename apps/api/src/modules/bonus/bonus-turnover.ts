import { ACTIVE_WALLET } from '@app/shared';
import { assertPlayerLocked, type Tx } from '../../db/unit-of-work';
import { applySplitTurnover } from './bonus.rules';
import { listActiveBonuses, updateBonus } from './bonus.repository';
import type { BonusRow } from './bonus.table';
import { type BonusDeps, moveBonusOut, wagerAllocation } from './bonus-support';

export interface TurnoverInput {
  userId: number;
  /** Settled stake in paise. */
  amount: number;
  reference: string;
  sessionId?: string | null;
}

export interface BonusRelease {
  bonusId: number;
  amount: number;
  isCompleted: boolean;
}

/** Settled turnover and the releases it earns (docs/wallet.md, "Bonus wallets"). */
export interface BonusTurnover {
  /**
   * Counts settled turnover towards the active wallet's bonuses and releases what the rules say.
   * Called by settlement inside its own transaction.
   */
  recordSettledTurnover(tx: Tx, input: TurnoverInput): Promise<BonusRelease[]>;
}

export function createBonusTurnover(deps: BonusDeps): BonusTurnover {
  const { clock, money } = deps;

  async function splitTurnover(trx: Tx, bonuses: BonusRow[], amount: number, sessionId?: string | null) {
    const releases: BonusRelease[] = [];
    let left = amount;
    for (const bonus of bonuses) {
      if (left <= 0) break;
      const outcome = applySplitTurnover(
        {
          granted: Number(bonus.granted_amount),
          remaining: Number(bonus.remaining_amount),
          turnover: Number(bonus.turnover),
          releaseSteps: Number(bonus.release_steps),
          shareBp: Number(bonus.release_share_bp),
        },
        left,
      );
      if (outcome.released > 0) await moveBonusOut(deps, trx, bonus, 'release', outcome.released, sessionId);
      await updateBonus(trx, Number(bonus.id), {
        turnover: outcome.turnover,
        release_steps: outcome.releaseSteps,
        remaining_amount: outcome.remaining,
        released_amount: Number(bonus.released_amount) + outcome.released,
        ...(outcome.isCompleted ? { status: 'completed' as const, closed_at: clock.now() } : {}),
      });
      if (outcome.released > 0)
        releases.push({ bonusId: Number(bonus.id), amount: outcome.released, isCompleted: outcome.isCompleted });
      left = outcome.unusedTurnover;
    }
    return releases;
  }

  /**
   * Turnover completes the oldest unexpired wager bonus first. The wallet is shared out over every
   * active wager bonus, expired ones the sweep has not reached included, so a completing bonus
   * never takes another bonus's money with it.
   */
  async function wagerTurnover(trx: Tx, userId: number, bonuses: BonusRow[], amount: number, sessionId?: string | null) {
    const releases: BonusRelease[] = [];
    const now = clock.now();
    let left = amount;
    let pool = bonuses;
    while (left > 0) {
      const bonus = pool.find((candidate) => Number(candidate.expires_at) > now);
      if (!bonus) break;
      const turnover = Number(bonus.turnover) + left;
      const requirement = Number(bonus.wagering_requirement);
      const { allocation, balances } = await wagerAllocation(deps, trx, userId, pool);
      // Completes only when none of the wager wallet is staked on open bets, so no bonus money is left behind.
      if (turnover < requirement || balances.bonusExposure > 0) {
        await updateBonus(trx, Number(bonus.id), { turnover });
        break;
      }
      const released = allocation.get(Number(bonus.id)) ?? 0;
      await moveBonusOut(deps, trx, bonus, 'release', released, sessionId);
      await updateBonus(trx, Number(bonus.id), {
        turnover: requirement,
        released_amount: released,
        remaining_amount: 0,
        status: 'completed',
        closed_at: clock.now(),
      });
      releases.push({ bonusId: Number(bonus.id), amount: released, isCompleted: true });
      left = turnover - requirement;
      pool = pool.filter((candidate) => candidate !== bonus);
    }
    return releases;
  }

  return {
    async recordSettledTurnover(trx, { userId, amount, sessionId }) {
      if (!Number.isSafeInteger(amount) || amount <= 0) return [];
      assertPlayerLocked(trx, userId);
      const activeWallet = await money.activeWallet(trx, userId);
      if (activeWallet === ACTIVE_WALLET.none) return [];
      const walletName = activeWallet === ACTIVE_WALLET.split ? 'split' : 'wager';
      const bonuses = await listActiveBonuses(trx, userId, walletName);
      if (walletName === 'wager') return wagerTurnover(trx, userId, bonuses, amount, sessionId);
      // A bonus past its time takes no more turnover, even before the expiry sweep reaches it.
      const now = clock.now();
      return splitTurnover(
        trx,
        bonuses.filter((bonus) => Number(bonus.expires_at) > now),
        amount,
        sessionId,
      );
    },
  };
}
