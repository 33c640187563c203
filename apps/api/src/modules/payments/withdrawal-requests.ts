import {
  type DataOf,
  formatPaiseAsRupees,
  type getWithdrawInfo,
  MAX_WITHDRAW_PAISE,
  MIN_WITHDRAW_PAISE,
  PAYMENT_CURRENCY,
  paiseToRupees,
  rupeesToPaise,
} from '@app/shared';
import { moneyTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import { assertCanUsePayments, type PaymentCaller } from './payment-access';
import { findDestination, findWithdrawal, insertWithdrawal, listOpenWithdrawals } from './payments.repository';
import type { WithdrawalRowDb } from './payments.table';
import { destinationLabel, releaseHeldWithdrawal, toWithdrawRow, type WithdrawalServiceDeps } from './withdrawal-support';

/** What a player asks of their own withdrawals (docs/payments.md, "Withdrawals"). */
export interface WithdrawalRequests {
  getWithdrawInfo(caller: PaymentCaller): Promise<DataOf<typeof getWithdrawInfo>>;
  requestWithdraw(
    caller: PaymentCaller,
    body: { amount: number; destination_id: number },
  ): Promise<{ withdraw_id: number; status: 'pending' }>;
  cancelWithdraw(caller: PaymentCaller, withdrawId: number): Promise<{ withdraw_id: number; status: 'cancelled' }>;
}

export function createWithdrawalRequests(deps: WithdrawalServiceDeps): WithdrawalRequests {
  const { db, clock, money, settings, kyc } = deps;

  async function ownWithdrawal(caller: PaymentCaller, withdrawId: number): Promise<WithdrawalRowDb> {
    const row = await findWithdrawal(db, withdrawId);
    // Another player's withdrawal is as unknown as one that never was.
    if (!row || Number(row.user_id) !== caller.userId) throw new AppError('NOT_FOUND', 'No such withdrawal');
    return row;
  }

  return {
    async getWithdrawInfo(caller) {
      await assertCanUsePayments(settings, caller);
      const { cash } = await money.readBalances(db, caller.userId);
      return {
        withdrawable: paiseToRupees(cash),
        min_withdraw: paiseToRupees(MIN_WITHDRAW_PAISE),
        max_withdraw: paiseToRupees(MAX_WITHDRAW_PAISE),
        open: (await listOpenWithdrawals(db, caller.userId)).map(toWithdrawRow),
      };
    },

    async requestWithdraw(caller, { amount, destination_id: destinationId }) {
      await assertCanUsePayments(settings, caller);
      await kyc.assertApproved(caller.userId);
      const amountPaise = rupeesToPaise(amount);
      if (amountPaise < MIN_WITHDRAW_PAISE || amountPaise > MAX_WITHDRAW_PAISE) {
        throw new AppError(
          'REFUSED',
          `A withdrawal must be from ${formatPaiseAsRupees(MIN_WITHDRAW_PAISE)} to ${formatPaiseAsRupees(MAX_WITHDRAW_PAISE)}`,
        );
      }
      const destination = await findDestination(db, destinationId);
      if (!destination || Number(destination.user_id) !== caller.userId) {
        throw new AppError('NOT_FOUND', 'No such payout destination: add it first');
      }
      const now = clock.now();
      return moneyTransaction(db, { userIds: [caller.userId], idempotency: caller.idempotency, now }, async (tx) => {
        const withdrawId = await insertWithdrawal(tx, {
          user_id: caller.userId,
          amount: amountPaise,
          currency: PAYMENT_CURRENCY,
          destination_id: destinationId,
          destination_label: destinationLabel(destination),
          status: 'pending',
          reason: null,
          gateway: null,
          provider_ref: null,
          payout_requested_at: null,
          created_at: now,
          updated_at: now,
        });
        // Refuses (and so rolls the request back) when cash is short.
        await money.withdrawalHold(tx, {
          userId: caller.userId,
          amount: amountPaise,
          withdrawId,
          note: `withdrawal to ${destinationLabel(destination)}`,
          sessionId: caller.sessionId === null ? null : String(caller.sessionId),
        });
        return { withdraw_id: withdrawId, status: 'pending' as const };
      });
    },

    async cancelWithdraw(caller, withdrawId) {
      const row = await ownWithdrawal(caller, withdrawId);
      await releaseHeldWithdrawal(deps, row, ['pending'], 'cancelled', 'cancelled by the player', {
        idempotency: caller.idempotency,
        sessionId: caller.sessionId,
      });
      return { withdraw_id: withdrawId, status: 'cancelled' };
    },
  };
}
