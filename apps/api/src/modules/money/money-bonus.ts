import type { Tx } from '../../db/unit-of-work';
import type { MoneyDeps } from './money-helpers';
import { bonusAccount, type BonusMovement } from './money-support';

/** Bonus money granted (every grant passes the rules' check), released to cash, or expired. */
export function createMoneyBonus({ ledger, rules }: MoneyDeps) {
  return {
    async checkBonusGrant(tx: Tx, grant: { userId: number; amount: number }): Promise<void> {
      for (const rule of rules) await rule.checkBonusGrant?.(tx, grant);
    },

    async grantBonus(tx: Tx, { userId, wallet, amount, reference, sessionId, operatorId }: BonusMovement): Promise<number> {
      for (const rule of rules) await rule.checkBonusGrant?.(tx, { userId, amount });
      const posted = await ledger.transfer(tx, {
        kind: 'bonus_grant',
        reference,
        userId,
        sessionId: sessionId ?? null,
        operatorId: operatorId ?? null,
        from: { system: 'house' },
        to: { userId, kind: bonusAccount(wallet) },
        amount,
      });
      return posted.transactionId;
    },

    async releaseBonus(tx: Tx, { userId, wallet, amount, reference, sessionId }: BonusMovement): Promise<number> {
      const posted = await ledger.transfer(tx, {
        kind: 'bonus_release',
        reference,
        userId,
        sessionId: sessionId ?? null,
        from: { userId, kind: bonusAccount(wallet) },
        to: { userId, kind: 'cash' },
        amount,
      });
      return posted.transactionId;
    },

    async expireBonus(tx: Tx, { userId, wallet, amount, reference, sessionId }: BonusMovement): Promise<number> {
      const posted = await ledger.transfer(tx, {
        kind: 'bonus_expiry',
        reference,
        userId,
        sessionId: sessionId ?? null,
        from: { userId, kind: bonusAccount(wallet) },
        to: { system: 'house' },
        amount,
      });
      return posted.transactionId;
    },
  };
}
