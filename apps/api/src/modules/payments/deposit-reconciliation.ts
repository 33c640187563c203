import type { DepositCrediting } from './deposit-crediting';
import type { DepositServiceDeps } from './deposit-support';
import { type findDeposit, listPendingDepositsBefore, moveDeposit } from './payments.repository';

/** A pending order older than this is asked about at the gateway (its callback may have been lost). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/**
 * A payment the payer has not finished after this long is abandoned: closed at the gateway first
 * (docs/payments.md, "Late payments"), as long as the sandbox's page lets a payer take.
 */
export const ABANDON_AFTER_MS = 60 * 60_000;
const RECONCILE_BATCH = 50;

/** Pending orders settled from the gateway's answers when their callback never came. */
export interface DepositReconciliation {
  /** Asks the gateway about deposits left pending and settles them; resolves to how many changed. */
  reconcile(): Promise<number>;
  /**
   * A payment the payer left (or never finished within the hour): closed at the gateway first, so
   * its page takes no late payment; paid meanwhile, it is credited. True when the order changed.
   */
  closeAbandoned(
    order: NonNullable<Awaited<ReturnType<typeof findDeposit>>>,
    event: { orderId: string; amountPaise: number; currency: string },
  ): Promise<boolean>;
}

export function createDepositReconciliation(
  deps: DepositServiceDeps,
  crediting: Pick<DepositCrediting, 'applyPaymentEvent'>,
): DepositReconciliation {
  const { db, clock, gateway } = deps;
  const reconciliation: DepositReconciliation = {
    async reconcile() {
      const now = clock.now();
      let changed = 0;
      for (const order of await listPendingDepositsBefore(db, now - RECONCILE_AFTER_MS, RECONCILE_BATCH)) {
        try {
          const remote = order.redirect_url ? await gateway.fetchPaymentStatus(order.order_id) : { status: 'unknown' as const };
          const event = {
            orderId: order.order_id,
            amountPaise: remote.amountPaise ?? Number(order.amount),
            currency: remote.currency ?? order.currency,
          };
          if (remote.status === 'succeeded' || remote.status === 'failed') {
            const type = remote.status === 'succeeded' ? ('payment.succeeded' as const) : ('payment.failed' as const);
            // The same event id for every poll that finds it: the poll settles an order once, like a callback.
            const outcome = await crediting.applyPaymentEvent(order.gateway, {
              ...event,
              type,
              eventId: `status:${type}:${order.order_id}`,
            });
            if (outcome === 'processed') changed += 1;
          } else if (remote.status === 'abandoned' || Number(order.created_at) < now - ABANDON_AFTER_MS) {
            if (await reconciliation.closeAbandoned(order, event)) changed += 1;
          }
        } catch (error) {
          deps.logger?.warn({ err: error, orderId: order.order_id }, 'payments: a pending deposit could not be settled');
        }
      }
      return changed;
    },

    async closeAbandoned(order, event) {
      const closed = await gateway.cancelPayment(order.order_id);
      if (closed.status === 'succeeded') {
        const outcome = await crediting.applyPaymentEvent(order.gateway, {
          ...event,
          type: 'payment.succeeded',
          eventId: `status:payment.succeeded:${order.order_id}`,
        });
        return outcome === 'processed';
      }
      return moveDeposit(db, order.order_id, ['pending'], 'abandoned', clock.now());
    },
  };
  return reconciliation;
}
