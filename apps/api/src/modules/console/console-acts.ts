import { paiseToRupees } from '@app/shared';
import { AppError } from '../../lib/app-error';
import type { OperatorActor } from '../operators';
import type { ConsoleDeps } from './console-deps';
import { findWithdrawal } from './console.repository';
import { rupeeText, toPaise } from './console-support';

export interface WalletAdjustPayload {
  user_name: string;
  direction: 'credit' | 'debit';
  amount: number;
  reason: string;
}

/**
 * The acts four-eyes may hold back (docs/operators.md): each runs the same service with or
 * without a second operator, and writes its audit row with the values before and after.
 */
export function createConsoleActs(deps: ConsoleDeps) {
  const { wallet, operators, settings, payments, db } = deps;

  async function walletAdjust(actor: OperatorActor, payload: WalletAdjustPayload) {
    const before = await wallet.balancesByName(payload.user_name);
    const after = await wallet.operatorAdjust(
      payload.direction,
      payload.user_name,
      rupeeText(payload.amount),
      payload.reason,
      actor.operatorId,
    );
    await operators.audit.record(actor, {
      action: `wallet.${payload.direction}`,
      target: `user:${payload.user_name}`,
      before: { cash: paiseToRupees(before.cash) },
      after: { cash: paiseToRupees(after.cash), amount: payload.amount, reason: payload.reason },
    });
    return after;
  }

  async function approveWithdraw(actor: OperatorActor, withdrawId: number) {
    const before = await findWithdrawal(db, withdrawId);
    if (!before) throw new AppError('NOT_FOUND', `No withdrawal has id ${withdrawId}`);
    const row = await payments.withdrawals.approve(withdrawId);
    await operators.audit.record(actor, {
      action: 'withdraw.approve',
      target: `withdraw:${withdrawId}`,
      before: { status: before.status, amount: paiseToRupees(Number(before.amount)), user_name: before.user_name },
      after: { status: row.status },
    });
    return row;
  }

  operators.approvals.useExecutor('wallet_adjust', (payload, approver) => walletAdjust(approver, payload as WalletAdjustPayload));
  operators.approvals.useExecutor('withdraw_approve', (payload, approver) =>
    approveWithdraw(approver, (payload as { withdraw_id: number }).withdraw_id),
  );

  return {
    walletAdjust,
    approveWithdraw,
    /** Whether an amount (rupees) is above the four-eyes amount (the setting; 0: off). */
    async needsSecondOperator(amount: number): Promise<boolean> {
      const limit = Number((await settings.getOperatorSettings()).four_eyes_amount);
      return limit > 0 && toPaise(amount) > limit * 100;
    },
  };
}

export type ConsoleActs = ReturnType<typeof createConsoleActs>;
