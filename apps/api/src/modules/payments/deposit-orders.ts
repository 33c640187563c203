import {
  type createDeposit,
  type DataOf,
  formatPaiseAsRupees,
  type getDeposit,
  PAYMENT_CURRENCY,
  type PaymentMethod,
  paiseToRupees,
  rupeesToPaise,
} from '@app/shared';
import { moneyTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import { randomHex } from '../../lib/ids';
import type { DepositReconciliation } from './deposit-reconciliation';
import type { DepositServiceDeps } from './deposit-support';
import { assertCanUsePayments, type PaymentCaller } from './payment-access';
import { findDeposit, insertDeposit, moveDeposit, setDepositPayment } from './payments.repository';

/**
 * A pending order the player is looking at (back from the gateway's page) is asked about at the
 * gateway at most this often: a payer who left the page hears so at once, not after the
 * reconciliation's minutes (docs/payments.md "Deposits"). Only abandonment is taken from it.
 */
export const ASK_GATEWAY_WHILE_WATCHED_MS = 5_000;
const MAX_WATCHED_ORDERS = 10_000;

/** A player's deposit orders: made, sent to the gateway's page, and looked at (docs/payments.md, "Deposits"). */
export interface DepositOrders {
  createDeposit(caller: PaymentCaller, body: { amount: number; method: PaymentMethod }): Promise<DataOf<typeof createDeposit>>;
  getDeposit(caller: PaymentCaller, orderId: string): Promise<DataOf<typeof getDeposit>>;
}

/** Our order ids: 'D' and 24 random hex characters (contract ORDER_ID_PATTERN). */
function newOrderId(): string {
  return `D${randomHex(12)}`;
}

export function createDepositOrders(
  deps: DepositServiceDeps,
  reconciliation: Pick<DepositReconciliation, 'closeAbandoned'>,
): DepositOrders {
  const { db, clock, settings, gateway, depositChecks } = deps;

  const lastAsked = new Map<string, number>();
  /** At most one gateway question per watched order every few seconds, whatever the page's polling. */
  function shouldAskGateway(orderId: string): boolean {
    const now = clock.now();
    const last = lastAsked.get(orderId);
    if (last !== undefined && now - last < ASK_GATEWAY_WHILE_WATCHED_MS) return false;
    if (lastAsked.size >= MAX_WATCHED_ORDERS) lastAsked.clear();
    lastAsked.set(orderId, now);
    return true;
  }

  return {
    async createDeposit(caller, { amount, method }) {
      await assertCanUsePayments(settings, caller);
      const amountPaise = rupeesToPaise(amount);
      const config = await settings.getSettings();
      const min = rupeesToPaise(Number(config.min_deposit));
      const max = rupeesToPaise(Number(config.max_deposit));
      if (amountPaise < min || amountPaise > max) {
        throw new AppError('REFUSED', `A deposit must be from ${formatPaiseAsRupees(min)} to ${formatPaiseAsRupees(max)}`);
      }
      const orderId = newOrderId();
      const now = clock.now();
      // The player's lock and the key: a retry answers this order, and the checks see every order before it.
      const created = await moneyTransaction(
        db,
        { userIds: [caller.userId], idempotency: caller.idempotency, now },
        async (tx) => {
          for (const check of depositChecks) await check(tx, { userId: caller.userId, amountPaise });
          await insertDeposit(tx, {
            order_id: orderId,
            user_id: caller.userId,
            amount: amountPaise,
            currency: PAYMENT_CURRENCY,
            method,
            gateway: gateway.code,
            status: 'pending',
            provider_ref: null,
            redirect_url: null,
            ledger_transaction_id: null,
            created_at: now,
            updated_at: now,
          });
          return { order_id: orderId };
        },
      );
      let order = await findDeposit(db, created.order_id);
      if (!order) throw new Error(`Deposit order ${created.order_id} vanished`);
      if (!order.redirect_url) {
        if (order.status !== 'pending') throw new AppError('REFUSED', 'This deposit did not start; please make a new one');
        // Outside the transaction: the gateway is a network call. The order id is its idempotency key.
        try {
          const payment = await gateway.createPayment({
            orderId: order.order_id,
            amountPaise: Number(order.amount),
            currency: order.currency,
            method: order.method,
            returnPath: `/deposit?order_id=${order.order_id}`,
          });
          await setDepositPayment(db, order.order_id, payment, clock.now());
        } catch (error) {
          await moveDeposit(db, order.order_id, ['pending'], 'failed', clock.now());
          if (error instanceof AppError) throw error;
          deps.logger?.error({ err: error, orderId: order.order_id }, 'payments: the gateway did not open a payment');
          throw new AppError('SERVICE_UNAVAILABLE', 'The payment gateway did not answer. Please try again in a moment.');
        }
        order = await findDeposit(db, order.order_id);
      }
      return { order_id: created.order_id, redirect_url: order?.redirect_url ?? '', status: 'pending' };
    },

    async getDeposit(caller, orderId) {
      await assertCanUsePayments(settings, caller);
      let order = await findDeposit(db, orderId);
      // Another player's order is as unknown as one that never was.
      if (!order || Number(order.user_id) !== caller.userId) throw new AppError('NOT_FOUND', 'No such deposit');
      // A payer who left the gateway's page hears so at once; a payment is still credited only by
      // its callback (or the reconciliation, or the gateway's answer when closing a left page).
      if (order.status === 'pending' && order.redirect_url && shouldAskGateway(order.order_id)) {
        try {
          const remote = await gateway.fetchPaymentStatus(order.order_id);
          const event = { orderId: order.order_id, amountPaise: Number(order.amount), currency: order.currency };
          if (remote.status === 'abandoned' && (await reconciliation.closeAbandoned(order, event))) {
            order = (await findDeposit(db, orderId)) ?? order;
          }
        } catch (error) {
          // The answer stays what we know; the reconciliation asks again.
          deps.logger?.warn({ err: error, orderId }, 'payments: the gateway could not be asked about a watched deposit');
        }
      }
      return { order_id: order.order_id, status: order.status, amount: paiseToRupees(Number(order.amount)) };
    },
  };
}
