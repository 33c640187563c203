import {
  ACTIVE_WALLET,
  BONUS_LIFETIME_DAYS,
  type BonusWallet,
  SPLIT_RELEASE_SHARE_BP,
  WAGER_REQUIREMENT_MULTIPLIER,
} from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Money, type OperatorActOptions, parseOperatorAmount, parseReason, type WalletBalances } from '../money';
import { findUserByNameKey, userNameKey } from '../users';
import { assertPlayerLocked, moneyTransaction, type Tx } from '../../db/unit-of-work';
import { allocateWagerWallet, applySplitTurnover } from './bonus.rules';
import { findBonus, insertBonus, insertBonusEvent, listActiveBonuses, listDueBonuses, updateBonus } from './bonus.repository';
import type { BonusEventKind, BonusRow } from './bonus.table';

const DAY_MS = 86_400_000;
/** Due bonuses read per page by the expiry sweep. */
export const EXPIRY_BATCH = 100;

export interface GrantInput {
  userId: number;
  amount: number;
  wallet: BonusWallet;
  reason: string;
  sessionId?: string | null;
  /** The operator who granted it (docs/operators.md). */
  operatorId?: number | null;
}

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

export interface BonusService {
  /** Credits a bonus into a wallet: the money module's grant and a history row. */
  grant(tx: Tx, input: GrantInput): Promise<number>;
  /**
   * Whether a grant would be taken now (responsible play refuses every bonus during a pause), for
   * a grant that is a gift on top of something that must happen anyway (a deposit's credit).
   */
  mayGrant(tx: Tx, grant: { userId: number; amount: number }): Promise<boolean>;
  grantByName(
    userName: string,
    amount: string,
    wallet: string,
    reason: string,
    operatorId?: number,
    options?: OperatorActOptions<{ before: WalletBalances; after: WalletBalances; bonusId: number }>,
  ): Promise<{ bonusId: number; after: WalletBalances }>;
  /**
   * Counts settled turnover towards the active wallet's bonuses and releases what the rules say.
   * Called by settlement inside its own transaction.
   */
  recordSettledTurnover(tx: Tx, input: TurnoverInput): Promise<BonusRelease[]>;
  /** Expires every bonus past its time; each in its own transaction. Resolves to how many. */
  expireDue(): Promise<number>;
  /** What each of the player's active bonuses holds right now, by bonus id. */
  currentRemaining(db: Db, userId: number): Promise<Map<number, number>>;
}

export function createBonusService(db: Db, clock: Clock, money: Money): BonusService {
  async function recordEvent(executor: Db, bonus: BonusRow, kind: BonusEventKind, amount: number, transactionId: number | null) {
    await insertBonusEvent(executor, {
      bonus_id: Number(bonus.id),
      user_id: Number(bonus.user_id),
      kind,
      wallet: bonus.wallet,
      amount,
      transaction_id: transactionId,
      created_at: clock.now(),
    });
  }

  /** Moves bonus money to cash (release) or back to the house (expiry); zero moves nothing. */
  async function moveOut(tx: Tx, bonus: BonusRow, kind: 'release' | 'expiry', amount: number, sessionId?: string | null) {
    let transactionId: number | null = null;
    if (amount > 0) {
      const movement = {
        userId: Number(bonus.user_id),
        wallet: bonus.wallet,
        amount,
        // A split bonus releases in steps: what was released before names each step.
        reference: `bonus:${bonus.id}:${kind}:${Number(bonus.released_amount)}`,
        sessionId,
      };
      transactionId = kind === 'release' ? await money.releaseBonus(tx, movement) : await money.expireBonus(tx, movement);
    }
    await recordEvent(tx, bonus, kind, amount, transactionId);
  }

  async function wagerAllocation(executor: Db, userId: number, bonuses: BonusRow[]) {
    const balances = await money.readBalances(executor, userId);
    const allocation = allocateWagerWallet(
      bonuses.map((bonus) => ({ id: Number(bonus.id), granted: Number(bonus.remaining_amount) })),
      balances.wagerBonus,
    );
    return { allocation, balances };
  }

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
        const { allocation, balances } = await wagerAllocation(trx, userId, await listActiveBonuses(trx, userId, 'wager'));
        // Bonus money still staked on open bets comes back at settlement; expire after that.
        if (balances.bonusExposure > 0) return false;
        amount = allocation.get(bonusId) ?? 0;
      }
      await moveOut(trx, bonus, 'expiry', amount);
      await updateBonus(trx, bonusId, {
        status: 'expired',
        expired_amount: amount,
        remaining_amount: 0,
        closed_at: clock.now(),
      });
      return true;
    });
  }

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
      if (outcome.released > 0) await moveOut(trx, bonus, 'release', outcome.released, sessionId);
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
      const { allocation, balances } = await wagerAllocation(trx, userId, pool);
      // Completes only when none of the wager wallet is staked on open bets, so no bonus money is left behind.
      if (turnover < requirement || balances.bonusExposure > 0) {
        await updateBonus(trx, Number(bonus.id), { turnover });
        break;
      }
      const released = allocation.get(Number(bonus.id)) ?? 0;
      await moveOut(trx, bonus, 'release', released, sessionId);
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

  const service: BonusService = {
    async grant(executor, { userId, amount, wallet: walletName, reason, sessionId, operatorId }) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError('BAD_REQUEST', 'A bonus must be more than 0');
      assertPlayerLocked(executor, userId);
      // The rules first: a refused grant writes nothing (money.grantBonus checks again).
      await money.checkBonusGrant(executor, { userId, amount });
      const now = clock.now();
      const bonusId = await insertBonus(executor, {
        user_id: userId,
        wallet: walletName,
        reason,
        granted_amount: amount,
        wagering_requirement: walletName === 'wager' ? amount * WAGER_REQUIREMENT_MULTIPLIER : 0,
        release_share_bp: walletName === 'split' ? SPLIT_RELEASE_SHARE_BP : 0,
        remaining_amount: amount,
        status: 'active',
        created_at: now,
        expires_at: now + BONUS_LIFETIME_DAYS * DAY_MS,
        closed_at: null,
      });
      const transactionId = await money.grantBonus(executor, {
        userId,
        wallet: walletName,
        amount,
        reference: `bonus:${bonusId}`,
        sessionId,
        operatorId: operatorId ?? null,
      });
      const bonus = await findBonus(executor, bonusId);
      if (bonus) await recordEvent(executor, bonus, 'grant', amount, transactionId);
      return bonusId;
    },

    async mayGrant(executor, grant) {
      try {
        await money.checkBonusGrant(executor, grant);
        return true;
      } catch (error) {
        // A rule's refusal (read-only checks): the caller goes on without the bonus.
        if (error instanceof AppError) return false;
        throw error;
      }
    },

    async grantByName(userName, amountText, walletText, reasonText, operatorId, options = {}) {
      if (walletText !== 'split' && walletText !== 'wager') throw new AppError('BAD_REQUEST', '--wallet must be split or wager');
      const amount = parseOperatorAmount(amountText);
      const reason = parseReason(reasonText);
      const user = await findUserByNameKey(db, userNameKey(userName));
      if (!user) throw new AppError('NOT_FOUND', `No user is named ${userName}`);
      const userId = Number(user.id);
      const work = { userIds: [userId], idempotency: options.idempotency ?? null, now: clock.now() };
      return moneyTransaction(db, work, async (trx) => {
        const before = await money.readBalances(trx, userId);
        const bonusId = await service.grant(trx, {
          userId,
          amount,
          wallet: walletText,
          reason,
          ...(operatorId === undefined ? {} : { operatorId }),
        });
        const after = await money.readBalances(trx, userId);
        await options.within?.(trx, { before, after, bonusId });
        return { bonusId, after };
      });
    },

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

    async currentRemaining(executor, userId) {
      const active = await listActiveBonuses(executor, userId);
      const remaining = new Map<number, number>();
      for (const bonus of active) if (bonus.wallet === 'split') remaining.set(Number(bonus.id), Number(bonus.remaining_amount));
      const wager = active.filter((bonus) => bonus.wallet === 'wager');
      if (wager.length > 0) {
        for (const [id, amount] of (await wagerAllocation(executor, userId, wager)).allocation) remaining.set(id, amount);
      }
      return remaining;
    },
  };
  return service;
}
