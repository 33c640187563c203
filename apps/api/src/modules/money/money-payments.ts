import { formatPaiseAsRupees } from '@app/shared';
import { assertPlayerLocked, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { MoneyDeps } from './money-helpers';
import { type DepositCredit, depositSubject, type WithdrawalMovement, withdrawalSubject } from './money-support';

/** A deposit's credit and a withdrawal's hold, release and payout (docs/payments.md). */
export function createMoneyPayments({ ledger, helpers }: MoneyDeps) {
  const { readBalances } = helpers;

  return {
    async depositCredit(tx: Tx, { userId, amount, orderId, gateway }: DepositCredit): Promise<number> {
      const posted = await ledger.transfer(tx, {
        kind: 'deposit_credit',
        reference: `deposit:${orderId}`,
        note: `deposit through ${gateway}`,
        subject: depositSubject(orderId),
        userId,
        from: { system: 'payment_gateway' },
        to: { userId, kind: 'cash' },
        amount,
      });
      return posted.transactionId;
    },

    async withdrawalHold(tx: Tx, { userId, amount, withdrawId, note, sessionId }: WithdrawalMovement): Promise<number> {
      assertPlayerLocked(tx, userId);
      const { cash } = await readBalances(tx, userId);
      if (cash < amount) {
        throw new AppError(
          'INSUFFICIENT_BALANCE',
          `You can withdraw at most ${formatPaiseAsRupees(cash)}: bonus money and money held for open bets are not withdrawable`,
        );
      }
      const posted = await ledger.transfer(tx, {
        kind: 'withdrawal_hold',
        reference: `withdraw:${withdrawId}:hold`,
        note: note ?? null,
        subject: withdrawalSubject(withdrawId),
        userId,
        sessionId: sessionId ?? null,
        from: { userId, kind: 'cash' },
        to: { system: 'withdrawals_pending' },
        amount,
      });
      return posted.transactionId;
    },

    async withdrawalRelease(tx: Tx, { userId, amount, withdrawId, note, sessionId }: WithdrawalMovement): Promise<number> {
      const posted = await ledger.transfer(tx, {
        kind: 'withdrawal_release',
        reference: `withdraw:${withdrawId}:release`,
        note: note ?? null,
        subject: withdrawalSubject(withdrawId),
        userId,
        sessionId: sessionId ?? null,
        from: { system: 'withdrawals_pending' },
        to: { userId, kind: 'cash' },
        amount,
      });
      return posted.transactionId;
    },

    async withdrawalPayout(tx: Tx, { userId, amount, withdrawId, note }: WithdrawalMovement): Promise<number> {
      const posted = await ledger.transfer(tx, {
        kind: 'withdrawal_payout',
        reference: `withdraw:${withdrawId}:payout`,
        note: note ?? null,
        subject: withdrawalSubject(withdrawId),
        userId,
        // No player's account moves: the money already left cash when it was held.
        book: 'real',
        from: { system: 'withdrawals_pending' },
        to: { system: 'payment_gateway' },
        amount,
      });
      return posted.transactionId;
    },
  };
}
