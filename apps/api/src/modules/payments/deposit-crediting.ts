import { firstDepositBonusPaise, type GlobalSettings, rupeesToPaise } from '@app/shared';
import { lockPlayerOfLockedRow, moneyTransaction, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { OperatorActOptions } from '../money';
import type { CallbackOutcome, DepositServiceDeps, DepositToCheck } from './deposit-support';
import type { GatewayEvent } from './gateway/payment-gateway';
import {
  type CallbackOrder,
  countCreditedDeposits,
  creditDeposit,
  findDeposit,
  insertPaymentEvent,
  lockDeposit,
  moveDeposit,
  setPaymentEventOutcome,
} from './payments.repository';
import type { DepositRowDb } from './payments.table';

/** Whether and when a deposit's money is credited: the gateway's word, or an operator's on a held order. */
export interface DepositCrediting {
  /** A verified payment.succeeded or payment.failed from the gateway. */
  applyPaymentEvent(gatewayCode: string, event: Extract<GatewayEvent, { orderId: string }>): Promise<CallbackOutcome>;
  /**
   * An operator settles a held order (docs/payments.md, "Late payments"): `credit` credits it if
   * the deposit checks pass now (else refused with their reason), `refunded` records that the
   * payment was given back at the gateway. With `options`, the operator's key is claimed and
   * `within` (the audit row) runs in the act's transaction.
   */
  settleHeld(orderId: string, decision: 'credit' | 'refunded', options?: OperatorActOptions<DepositRowDb>): Promise<DepositRowDb>;
}

/** The first refusal of the deposit checks for a deposit, or null when they all pass. */
async function refusalOf(deps: DepositServiceDeps, tx: Tx, deposit: DepositToCheck): Promise<AppError | null> {
  try {
    for (const check of deps.depositChecks) await check(tx, deposit);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return error;
    throw error;
  }
}

/** Credits a locked order (its player locked too) and grants the first deposit's bonus. */
async function credit(
  deps: DepositServiceDeps,
  tx: Tx,
  config: GlobalSettings,
  order: CallbackOrder,
  gatewayCode: string,
): Promise<void> {
  const userId = Number(order.user_id);
  const amount = Number(order.amount);
  const transactionId = await deps.money.depositCredit(tx, { userId, amount, orderId: order.order_id, gateway: gatewayCode });
  await creditDeposit(tx, order.order_id, transactionId, deps.clock.now());
  await grantFirstDepositBonus(deps, tx, config, { userId, orderId: order.order_id, amount });
}

/** The first deposit's bonus, when the operator configured one, through the bonus rules (docs/wallet.md). */
async function grantFirstDepositBonus(
  deps: DepositServiceDeps,
  tx: Tx,
  config: GlobalSettings,
  deposit: { userId: number; orderId: string; amount: number },
): Promise<void> {
  const { bonuses } = deps;
  const { userId, orderId, amount } = deposit;
  const bonus = firstDepositBonusPaise(
    amount,
    Number(config.first_deposit_bonus_percent),
    rupeesToPaise(Number(config.first_deposit_bonus_max)),
  );
  // No bonus on offer (the default): no need to ask whether this deposit is the first.
  if (bonus <= 0 || (await countCreditedDeposits(tx, userId)) !== 1) return;
  // The payer paid: the deposit is credited whatever happens to the gift on top of it. During a
  // time-out or self-exclusion no bonus is granted (docs/responsible-play.md), so none is.
  if (!(await bonuses.mayGrant(tx, { userId, amount: bonus }))) return;
  await bonuses.grant(tx, {
    userId,
    amount: bonus,
    wallet: config.first_deposit_bonus_wallet,
    reason: `first deposit bonus (${orderId})`,
  });
}

export function createDepositCrediting(deps: DepositServiceDeps): DepositCrediting {
  const { db, clock, settings } = deps;
  return {
    async applyPaymentEvent(gatewayCode, event) {
      // Read before the transaction: inside it only the transaction's own connection may be used.
      const config = await settings.getSettings();
      return moneyTransaction(db, { userIds: [], now: clock.now() }, async (tx) => {
        // The order is read once, locked, inside the transaction: its player is known only from
        // it. No transaction takes a deposit order's lock while holding a player's (an order is
        // created under its player's lock, never locked by another order's work), so locking the
        // order, then its player, cannot deadlock (docs/payments.md, "Callback rules": Locks).
        const fresh = await lockDeposit(tx, event.orderId);
        if (!fresh || fresh.gateway !== gatewayCode) throw new AppError('NOT_FOUND', `No deposit order ${event.orderId}`);
        if (event.amountPaise !== Number(fresh.amount) || event.currency !== fresh.currency) {
          throw new AppError(
            'REFUSED',
            `The callback's amount or currency (${event.amountPaise} ${event.currency}) does not match order ${fresh.order_id} (${Number(fresh.amount)} ${fresh.currency})`,
          );
        }
        const userId = Number(fresh.user_id);
        await lockPlayerOfLockedRow(tx, userId);
        const isSuccess = event.type === 'payment.succeeded';
        // Credited is final; a success after a failure or an abandonment is a late payment (below).
        // A held or refunded order is an operator's to settle: the gateway's word changes nothing.
        const changes = isSuccess
          ? fresh.status === 'pending' || fresh.status === 'failed' || fresh.status === 'abandoned'
          : fresh.status === 'pending' || fresh.status === 'abandoned';
        const isNew = await insertPaymentEvent(tx, {
          gateway: gatewayCode,
          event_id: event.eventId,
          type: event.type,
          target: `order:${event.orderId}`,
          outcome: changes ? (isSuccess ? 'credited' : 'failed') : 'no change',
          received_at: clock.now(),
        });
        if (!isNew) return 'already';
        await deps.testHooks?.afterCallbackReceived?.(event);
        if (!changes) return 'already';
        const now = clock.now();
        if (!isSuccess) {
          await moveDeposit(tx, event.orderId, ['pending', 'abandoned'], 'failed', now);
          return 'processed';
        }
        // A late payment stopped counting toward the deposit limits when its order ended: it is
        // credited only if the deposit checks pass now, else held for an operator (never past a limit).
        if (fresh.status !== 'pending') {
          const refusal = await refusalOf(deps, tx, {
            userId,
            amountPaise: Number(fresh.amount),
            orderCreatedAt: Number(fresh.created_at),
          });
          if (refusal) {
            await moveDeposit(tx, event.orderId, [fresh.status], 'held', now);
            await setPaymentEventOutcome(tx, gatewayCode, event.eventId, 'held');
            deps.logger?.warn(
              { orderId: fresh.order_id, reason: refusal.message },
              'payments: a late payment is held for an operator: crediting it would pass a deposit check',
            );
            return 'processed';
          }
        }
        await credit(deps, tx, config, fresh, gatewayCode);
        return 'processed';
      });
    },

    async settleHeld(orderId, decision, options = {}) {
      const config = await settings.getSettings();
      return moneyTransaction(db, { userIds: [], idempotency: options.idempotency ?? null, now: clock.now() }, async (tx) => {
        // The order first, then its player: the callbacks' lock order (docs/payments.md, "Callback rules").
        const order = await lockDeposit(tx, orderId);
        if (!order) throw new AppError('NOT_FOUND', `No deposit order ${orderId}`);
        if (order.status !== 'held') throw new AppError('REFUSED', `Deposit ${orderId} is ${order.status}, not held`);
        const userId = Number(order.user_id);
        await lockPlayerOfLockedRow(tx, userId);
        if (decision === 'refunded') {
          await moveDeposit(tx, orderId, ['held'], 'refunded', clock.now());
        } else {
          const refusal = await refusalOf(deps, tx, {
            userId,
            amountPaise: Number(order.amount),
            orderCreatedAt: Number(order.created_at),
          });
          if (refusal) throw refusal;
          await credit(deps, tx, config, order, order.gateway);
        }
        const row = await findDeposit(tx, orderId);
        if (!row) throw new Error(`Deposit ${orderId} vanished`);
        await options.within?.(tx, row);
        return row;
      });
    },
  };
}
