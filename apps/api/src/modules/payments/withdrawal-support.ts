import { maskAccountNumber, paiseToRupees, type WithdrawRow, type WithdrawStatus } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { moneyTransaction, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import { recordNotice } from '../notices';
import type { SettingsService } from '../settings';
import type { PaymentTestHooks } from './deposit-support';
import type { PaymentGateway } from './gateway/payment-gateway';
import type { KycService } from './kyc.service';
import type { PaymentCaller } from './payment-access';
import { findWithdrawal, moveWithdrawal } from './payments.repository';
import type { DestinationRowDb, WithdrawalRowDb } from './payments.table';

export interface WithdrawalServiceDeps {
  db: Db;
  clock: Clock;
  money: Money;
  settings: SettingsService;
  gateway: PaymentGateway;
  kyc: KycService;
  testHooks?: PaymentTestHooks;
  logger?: FastifyBaseLogger;
  /**
   * Hears, in the transaction that moves it, a withdrawal leaving `pending` (approved, rejected or
   * cancelled): a four-eyes request about it ends with it (docs/operators.md, "Four-eyes").
   */
  onLeftPending?: (tx: Tx, withdrawId: number, status: WithdrawStatus) => Promise<void>;
}

export function destinationLabel(row: Pick<DestinationRowDb, 'kind' | 'upi_id' | 'account_number' | 'ifsc'>): string {
  return row.kind === 'upi'
    ? `UPI ${row.upi_id ?? ''}`
    : `Bank ${maskAccountNumber(row.account_number ?? '')} · ${row.ifsc ?? ''}`;
}

export function toWithdrawRow(row: WithdrawalRowDb): WithdrawRow {
  return {
    withdraw_id: Number(row.id),
    status: row.status,
    amount: paiseToRupees(Number(row.amount)),
    destination: row.destination_label,
    reason: row.reason,
    created_at: new Date(Number(row.created_at)).toISOString(),
    updated_at: new Date(Number(row.updated_at)).toISOString(),
  };
}

/** Moves a held withdrawal out of `from` and gives its money back, under the player's lock. */
export async function releaseHeldWithdrawal(
  deps: WithdrawalServiceDeps,
  row: WithdrawalRowDb,
  from: readonly WithdrawStatus[],
  to: WithdrawStatus,
  reason: string | null,
  options: {
    idempotency?: PaymentCaller['idempotency'];
    sessionId?: number | null;
    within?: (tx: Tx, row: WithdrawalRowDb) => Promise<void>;
  } = {},
): Promise<WithdrawalRowDb> {
  const { db, clock, money } = deps;
  const id = Number(row.id);
  const userId = Number(row.user_id);
  return moneyTransaction(db, { userIds: [userId], idempotency: options.idempotency, now: clock.now() }, async (tx) => {
    if (!(await moveWithdrawal(tx, id, from, to, clock.now(), { reason }))) {
      const current = await findWithdrawal(tx, id);
      throw new AppError('REFUSED', `Withdrawal ${id} is ${current?.status ?? 'gone'} and can no longer be ${to}`);
    }
    if (from.includes('pending')) await deps.onLeftPending?.(tx, id, to);
    await money.withdrawalRelease(tx, {
      userId,
      amount: Number(row.amount),
      withdrawId: id,
      note: reason ?? `withdrawal ${to}`,
      sessionId: options.sessionId === undefined || options.sessionId === null ? null : String(options.sessionId),
    });
    // An operator's refusal is news to the player (a cancel is their own act): docs/accounts.md "Notices".
    if (to === 'rejected') {
      await recordNotice(tx, clock.now(), {
        userId,
        kind: 'withdrawal_rejected',
        withdrawId: id,
        amountPaise: Number(row.amount),
        reason,
      });
    }
    const updated = await findWithdrawal(tx, id);
    if (!updated) throw new Error(`Withdrawal ${id} vanished`);
    await options.within?.(tx, updated);
    return updated;
  });
}
