import { paiseToRupees, rupeesToPaise } from '@app/shared';
import type { IdempotencyClaim, Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { OperatorActor } from '../operators';
import type { ConsoleDeps } from './console-deps';
import { findWithdrawalForOperator } from './console-payments.service';
import { rupeeText } from './console-support';

export interface WalletAdjustPayload {
  user_name: string;
  direction: 'credit' | 'debit';
  amount: number;
  reason: string;
}

/**
 * How an act runs once (docs/operators.md, "Exactly once"): the caller's Idempotency-Key is claimed
 * in the act's transaction, and `within` (a four-eyes request's approval) runs in it too, with the
 * act's result.
 */
export interface ActOnce {
  idempotency?: IdempotencyClaim | null;
  within?: (tx: Tx, result: unknown) => Promise<void>;
}

/**
 * The acts that move money (docs/operators.md): each runs the same service with or without a
 * second operator, and writes its audit row with the values before and after in the transaction
 * that moves the money, so neither exists without the other.
 */
export function createConsoleActs(deps: ConsoleDeps) {
  const { wallet, operators, settings, payments, db } = deps;

  async function walletAdjust(actor: OperatorActor, payload: WalletAdjustPayload, once: ActOnce = {}) {
    return wallet.operatorAdjust(
      payload.direction,
      payload.user_name,
      rupeeText(payload.amount),
      payload.reason,
      actor.operatorId,
      {
        idempotency: once.idempotency ?? null,
        within: async (tx, { before, after }) => {
          await deps.testHooks?.afterOperatorMoney?.();
          await operators.audit.record(
            actor,
            {
              action: `wallet.${payload.direction}`,
              target: `user:${payload.user_name}`,
              before: { cash: paiseToRupees(before.cash) },
              after: { cash: paiseToRupees(after.cash), amount: payload.amount, reason: payload.reason },
            },
            tx,
          );
          await once.within?.(tx, { cash: paiseToRupees(after.cash) });
        },
      },
    );
  }

  async function approveWithdraw(actor: OperatorActor, withdrawId: number, once: ActOnce = {}) {
    const before = await findWithdrawalForOperator(db, withdrawId);
    if (!before) throw new AppError('NOT_FOUND', `No withdrawal has id ${withdrawId}`);
    return payments.withdrawals.approve(withdrawId, {
      idempotency: once.idempotency ?? null,
      within: async (tx, row) => {
        await operators.audit.record(
          actor,
          {
            action: 'withdraw.approve',
            target: `withdraw:${withdrawId}`,
            before: { status: before.status, amount: paiseToRupees(Number(before.amount)), user_name: before.user_name },
            after: { status: row.status },
            subject: { userId: Number(before.user_id) },
          },
          tx,
        );
        await once.within?.(tx, { status: row.status });
      },
    });
  }

  async function rejectWithdraw(actor: OperatorActor, withdrawId: number, reason: string, once: ActOnce = {}) {
    const before = await findWithdrawalForOperator(db, withdrawId);
    if (!before) throw new AppError('NOT_FOUND', `No withdrawal has id ${withdrawId}`);
    return payments.withdrawals.reject(withdrawId, reason, {
      idempotency: once.idempotency ?? null,
      within: async (tx, row) => {
        await operators.audit.record(
          actor,
          {
            action: 'withdraw.reject',
            target: `withdraw:${withdrawId}`,
            before: { status: before.status, amount: paiseToRupees(Number(before.amount)), user_name: before.user_name },
            after: { status: row.status, reason },
            subject: { userId: Number(before.user_id) },
          },
          tx,
        );
      },
    });
  }

  operators.approvals.useExecutor('wallet_adjust', (payload, approver, _requestedBy, once) =>
    walletAdjust(approver, payload as WalletAdjustPayload, once),
  );
  operators.approvals.useExecutor('withdraw_approve', (payload, approver, _requestedBy, once) =>
    approveWithdraw(approver, (payload as { withdraw_id: number }).withdraw_id, once),
  );

  return {
    walletAdjust,
    approveWithdraw,
    rejectWithdraw,
    /** Whether an amount (rupees) is above the four-eyes amount (the setting; 0: off). */
    async needsSecondOperator(amount: number): Promise<boolean> {
      const limit = Number((await settings.getOperatorSettings()).four_eyes_amount);
      return limit > 0 && rupeesToPaise(amount) > rupeesToPaise(limit);
    },
  };
}

export type ConsoleActs = ReturnType<typeof createConsoleActs>;
