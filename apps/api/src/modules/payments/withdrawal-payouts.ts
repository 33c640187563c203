import type { WithdrawStatus } from '@app/shared';
import { moneyTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import { recordNotice } from '../notices';
import type { CallbackOutcome } from './deposit-support';
import type { GatewayEvent } from './gateway/payment-gateway';
import {
  findDestination,
  findWithdrawal,
  insertPaymentEvent,
  listUnansweredPayouts,
  markPayoutRequested,
  moveWithdrawal,
} from './payments.repository';
import type { WithdrawalServiceDeps } from './withdrawal-support';

/** The durable job that asks the gateway to pay an approved withdrawal. */
export const PAYOUT_JOB = 'payment payout';
/** An approved payout the gateway has not answered after this long is asked about. */
const PAYOUT_RECONCILE_AFTER_MS = 5 * 60_000;
const RECONCILE_BATCH = 50;

/** An approved withdrawal's way through the gateway, to paid or failed (docs/payments.md, "Withdrawals"). */
export interface WithdrawalPayouts {
  /** The payout job: asks the gateway to pay an approved withdrawal (idempotent). */
  requestPayout(withdrawId: number): Promise<void>;
  /** A verified payout.paid or payout.failed from the gateway. */
  applyPayoutEvent(gatewayCode: string, event: Extract<GatewayEvent, { withdrawId: number }>): Promise<CallbackOutcome>;
  /** Asks the gateway about payouts it never answered; resolves to how many changed. */
  reconcile(): Promise<number>;
}

export function createWithdrawalPayouts(deps: WithdrawalServiceDeps): WithdrawalPayouts {
  const { db, clock, money, gateway } = deps;

  const payouts: WithdrawalPayouts = {
    async requestPayout(withdrawId) {
      const row = await findWithdrawal(db, withdrawId);
      if (!row || row.status !== 'approved' || row.payout_requested_at !== null) return;
      const destination = await findDestination(db, Number(row.destination_id));
      if (!destination) throw new Error(`Withdrawal ${withdrawId} has no destination`);
      const { providerRef } = await gateway.requestPayout({
        withdrawId,
        amountPaise: Number(row.amount),
        currency: row.currency,
        destination:
          destination.kind === 'upi'
            ? { kind: 'upi', upiId: destination.upi_id ?? '' }
            : {
                kind: 'bank',
                accountNumber: destination.account_number ?? '',
                ifsc: destination.ifsc ?? '',
                holderName: destination.holder_name ?? '',
              },
      });
      await markPayoutRequested(db, withdrawId, gateway.code, providerRef, clock.now());
    },

    async applyPayoutEvent(gatewayCode, event) {
      const row = await findWithdrawal(db, event.withdrawId);
      if (!row) throw new AppError('NOT_FOUND', `No withdrawal ${event.withdrawId}`);
      if (event.amountPaise !== Number(row.amount) || event.currency !== row.currency) {
        throw new AppError(
          'REFUSED',
          `The callback's amount or currency (${event.amountPaise} ${event.currency}) does not match withdrawal ${event.withdrawId} (${Number(row.amount)} ${row.currency})`,
        );
      }
      const userId = Number(row.user_id);
      const isPaid = event.type === 'payout.paid';
      return moneyTransaction(db, { userIds: [userId], now: clock.now() }, async (tx) => {
        const fresh = await findWithdrawal(tx, event.withdrawId);
        if (!fresh) throw new AppError('NOT_FOUND', `No withdrawal ${event.withdrawId}`);
        const ended: readonly WithdrawStatus[] = ['paid', 'failed'];
        if (fresh.status !== 'approved' && !ended.includes(fresh.status)) {
          throw new AppError('REFUSED', `No payout was asked for withdrawal ${event.withdrawId} (it is ${fresh.status})`);
        }
        const changes = fresh.status === 'approved';
        // The first answer of the gateway stands; a contrary one later needs a person (logged).
        const contradicts = !changes && fresh.status !== (isPaid ? 'paid' : 'failed');
        const isNew = await insertPaymentEvent(tx, {
          gateway: gatewayCode,
          event_id: event.eventId,
          type: event.type,
          target: `withdraw:${event.withdrawId}`,
          outcome: changes ? (isPaid ? 'paid' : 'failed') : contradicts ? 'contradicts' : 'no change',
          received_at: clock.now(),
        });
        if (!isNew) return 'already';
        await deps.testHooks?.afterCallbackReceived?.(event);
        if (contradicts) {
          deps.logger?.error(
            { withdrawId: event.withdrawId, status: fresh.status, event: event.type },
            'payments: the gateway contradicts its earlier answer about a payout; an operator must reconcile it',
          );
        }
        if (!changes) return 'already';
        const amount = Number(fresh.amount);
        const now = clock.now();
        if (isPaid) {
          await money.withdrawalPayout(tx, { userId, amount, withdrawId: event.withdrawId, note: 'paid out by the gateway' });
          await moveWithdrawal(tx, event.withdrawId, ['approved'], 'paid', now);
          await recordNotice(tx, now, { userId, kind: 'withdrawal_paid', withdrawId: event.withdrawId, amountPaise: amount });
        } else {
          const reason = 'The payout failed at the gateway; the money is back in your balance';
          await money.withdrawalRelease(tx, { userId, amount, withdrawId: event.withdrawId, note: reason });
          await moveWithdrawal(tx, event.withdrawId, ['approved'], 'failed', now, { reason });
          await recordNotice(tx, now, { userId, kind: 'withdrawal_failed', withdrawId: event.withdrawId, amountPaise: amount });
        }
        return 'processed';
      });
    },

    async reconcile() {
      let changed = 0;
      for (const row of await listUnansweredPayouts(db, clock.now() - PAYOUT_RECONCILE_AFTER_MS, RECONCILE_BATCH)) {
        const withdrawId = Number(row.id);
        try {
          const remote = await gateway.fetchPayoutStatus(withdrawId);
          if (remote.status !== 'paid' && remote.status !== 'failed') continue;
          const type = remote.status === 'paid' ? ('payout.paid' as const) : ('payout.failed' as const);
          const outcome = await payouts.applyPayoutEvent(row.gateway ?? gateway.code, {
            eventId: `status:${type}:${withdrawId}`,
            type,
            withdrawId,
            amountPaise: remote.amountPaise ?? Number(row.amount),
            currency: remote.currency ?? row.currency,
          });
          if (outcome === 'processed') changed += 1;
        } catch (error) {
          deps.logger?.warn({ err: error, withdrawId }, 'payments: an unanswered payout could not be settled');
        }
      }
      return changed;
    },
  };
  return payouts;
}
