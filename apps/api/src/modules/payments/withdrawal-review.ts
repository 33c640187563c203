import { enqueueJob } from '../../db/jobs';
import { moneyTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { OperatorActOptions } from '../money';
import { findWithdrawal, moveWithdrawal } from './payments.repository';
import type { WithdrawalRowDb } from './payments.table';
import { PAYOUT_JOB } from './withdrawal-payouts';
import { releaseHeldWithdrawal, type WithdrawalServiceDeps } from './withdrawal-support';

/** An operator's decision on a pending withdrawal (docs/payments.md, "Withdrawals"). */
export interface WithdrawalReview {
  /** Operator: a pending withdrawal goes to the gateway (a durable payout job). */
  approve(withdrawId: number, options?: OperatorActOptions<WithdrawalRowDb>): Promise<WithdrawalRowDb>;
  /** Operator: a pending withdrawal is refused with a reason; its money goes back to cash. */
  reject(withdrawId: number, reason: string, options?: OperatorActOptions<WithdrawalRowDb>): Promise<WithdrawalRowDb>;
}

export function createWithdrawalReview(deps: WithdrawalServiceDeps): WithdrawalReview {
  const { db, clock, gateway } = deps;

  async function operatorWithdrawal(withdrawId: number): Promise<WithdrawalRowDb> {
    const row = await findWithdrawal(db, withdrawId);
    if (!row) throw new AppError('NOT_FOUND', `No withdrawal has id ${withdrawId}`);
    return row;
  }

  return {
    async approve(withdrawId, options = {}) {
      const row = await operatorWithdrawal(withdrawId);
      const work = { userIds: [Number(row.user_id)], idempotency: options.idempotency ?? null, now: clock.now() };
      return moneyTransaction(db, work, async (tx) => {
        const now = clock.now();
        if (!(await moveWithdrawal(tx, withdrawId, ['pending'], 'approved', now, { gateway: gateway.code }))) {
          const current = await findWithdrawal(tx, withdrawId);
          throw new AppError(
            'REFUSED',
            `Withdrawal ${withdrawId} is ${current?.status ?? 'gone'}: only a pending one can be approved`,
          );
        }
        // The payout goes out from whichever instance runs jobs, and again after a crash until the gateway has it.
        await enqueueJob(tx, { kind: PAYOUT_JOB, key: `payment:payout:${withdrawId}`, payload: { withdrawId }, runAt: now }, now);
        const updated = await findWithdrawal(tx, withdrawId);
        if (!updated) throw new Error(`Withdrawal ${withdrawId} vanished`);
        // `within` first: a four-eyes request approving this is decided there, before the rest end.
        await options.within?.(tx, updated);
        await deps.onLeftPending?.(tx, withdrawId, 'approved');
        return updated;
      });
    },

    async reject(withdrawId, reason, options = {}) {
      const row = await operatorWithdrawal(withdrawId);
      return releaseHeldWithdrawal(deps, row, ['pending'], 'rejected', reason, {
        idempotency: options.idempotency ?? null,
        ...(options.within ? { within: options.within } : {}),
      });
    },
  };
}
