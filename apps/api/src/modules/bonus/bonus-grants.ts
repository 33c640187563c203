import { BONUS_LIFETIME_DAYS, type BonusWallet, SPLIT_RELEASE_SHARE_BP, WAGER_REQUIREMENT_MULTIPLIER } from '@app/shared';
import { assertPlayerLocked, moneyTransaction, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import { type OperatorActOptions, parseOperatorAmount, parseReason, type WalletBalances } from '../money';
import { findUserByNameKey, userNameKey } from '../users';
import { findBonus, insertBonus } from './bonus.repository';
import { type BonusDeps, recordBonusEvent } from './bonus-support';

const DAY_MS = 86_400_000;

export interface GrantInput {
  userId: number;
  amount: number;
  wallet: BonusWallet;
  reason: string;
  sessionId?: string | null;
  /** The operator who granted it (docs/operators.md). */
  operatorId?: number | null;
}

/** Bonuses granted: by a promotion's rule or by an operator (docs/wallet.md, "Bonus wallets"). */
export interface BonusGrants {
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
}

export function createBonusGrants(deps: BonusDeps): BonusGrants {
  const { db, clock, money } = deps;
  const grants: BonusGrants = {
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
      if (bonus) await recordBonusEvent(deps, executor, bonus, 'grant', amount, transactionId);
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
        const bonusId = await grants.grant(trx, {
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
  };
  return grants;
}
