import {
  type DataOf,
  type createDeposit,
  firstDepositBonusPaise,
  type getDeposit,
  type GlobalSettings,
  PAYMENT_CURRENCY,
  type PaymentMethod,
  formatPaiseAsRupees,
  paiseToRupees,
  rupeesToPaise,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { lockPlayerOfLockedRow, moneyTransaction, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomHex } from '../../lib/ids';
import type { BonusService } from '../bonus';
import type { Money, OperatorActOptions } from '../money';
import type { SettingsService } from '../settings';
import type { GatewayEvent, PaymentGateway } from './gateway/payment-gateway';
import { assertCanUsePayments, type PaymentCaller } from './payment-access';
import {
  type CallbackOrder,
  countCreditedDeposits,
  creditDeposit,
  findDeposit,
  insertDeposit,
  insertPaymentEvent,
  listPendingDepositsBefore,
  lockDeposit,
  moveDeposit,
  setDepositPayment,
  setPaymentEventOutcome,
} from './payments.repository';
import type { DepositRowDb } from './payments.table';

/**
 * A rule every deposit must pass before its order is created (a responsible-play deposit limit):
 * it runs under the player's lock, in the transaction that creates the order, and refuses by
 * throwing an AppError (docs/payments.md, "Deposit checks").
 */
export type DepositCheck = (executor: Db, deposit: DepositToCheck) => Promise<void>;

export interface DepositToCheck {
  userId: number;
  amountPaise: number;
  /**
   * A late payment's order (paid after it was abandoned or failed): when it was made, so a limit
   * whose window no longer holds it lets it pass. Absent for a new order (now).
   */
  orderCreatedAt?: number;
}

/** Test-only hooks: a crash between a callback's receipt and its credit (apps/api/test). */
export interface PaymentTestHooks {
  /** Runs inside the callback's transaction, after its event was recorded and before money moves. */
  afterCallbackReceived?(event: GatewayEvent): Promise<void> | void;
}

/** What processing a callback did: 'processed' changed something, 'already' found it done. */
export type CallbackOutcome = 'processed' | 'already';

export interface DepositService {
  createDeposit(caller: PaymentCaller, body: { amount: number; method: PaymentMethod }): Promise<DataOf<typeof createDeposit>>;
  getDeposit(caller: PaymentCaller, orderId: string): Promise<DataOf<typeof getDeposit>>;
  /** A verified payment.succeeded or payment.failed from the gateway. */
  applyPaymentEvent(gatewayCode: string, event: Extract<GatewayEvent, { orderId: string }>): Promise<CallbackOutcome>;
  /** Asks the gateway about deposits left pending and settles them; resolves to how many changed. */
  reconcile(): Promise<number>;
  /**
   * An operator settles a held order (docs/payments.md, "Late payments"): `credit` credits it if
   * the deposit checks pass now (else refused with their reason), `refunded` records that the
   * payment was given back at the gateway. With `options`, the operator's key is claimed and
   * `within` (the audit row) runs in the act's transaction.
   */
  settleHeld(orderId: string, decision: 'credit' | 'refunded', options?: OperatorActOptions<DepositRowDb>): Promise<DepositRowDb>;
}

/** Our order ids: 'D' and 24 random hex characters (contract ORDER_ID_PATTERN). */
function newOrderId(): string {
  return `D${randomHex(12)}`;
}

/** A pending order older than this is asked about at the gateway (its callback may have been lost). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/**
 * A payment the payer has not finished after this long is abandoned: closed at the gateway first
 * (docs/payments.md, "Late payments"), as long as the sandbox's page lets a payer take.
 */
export const ABANDON_AFTER_MS = 60 * 60_000;
const RECONCILE_BATCH = 50;
/**
 * A pending order the player is looking at (back from the gateway's page) is asked about at the
 * gateway at most this often: a payer who left the page hears so at once, not after the
 * reconciliation's minutes (docs/payments.md "Deposits"). Only abandonment is taken from it.
 */
export const ASK_GATEWAY_WHILE_WATCHED_MS = 5_000;
const MAX_WATCHED_ORDERS = 10_000;

export interface DepositServiceDeps {
  db: Db;
  clock: Clock;
  money: Money;
  bonuses: BonusService;
  settings: SettingsService;
  gateway: PaymentGateway;
  depositChecks: readonly DepositCheck[];
  testHooks?: PaymentTestHooks;
  logger?: FastifyBaseLogger;
}

export function createDepositService(deps: DepositServiceDeps): DepositService {
  const { db, clock, money, bonuses, settings, gateway, depositChecks } = deps;

  /** The first refusal of the deposit checks for a deposit, or null when they all pass. */
  async function refusalOf(tx: Tx, deposit: DepositToCheck): Promise<AppError | null> {
    try {
      for (const check of depositChecks) await check(tx, deposit);
      return null;
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return error;
      throw error;
    }
  }

  /** Credits a locked order (its player locked too) and grants the first deposit's bonus. */
  async function credit(tx: Tx, config: GlobalSettings, order: CallbackOrder, gatewayCode: string): Promise<void> {
    const userId = Number(order.user_id);
    const amount = Number(order.amount);
    const transactionId = await money.depositCredit(tx, { userId, amount, orderId: order.order_id, gateway: gatewayCode });
    await creditDeposit(tx, order.order_id, transactionId, clock.now());
    await grantFirstDepositBonus(tx, config, { userId, orderId: order.order_id, amount });
  }

  /** The first deposit's bonus, when the operator configured one, through the bonus rules (docs/wallet.md). */
  async function grantFirstDepositBonus(
    tx: Tx,
    config: GlobalSettings,
    deposit: { userId: number; orderId: string; amount: number },
  ): Promise<void> {
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

  const service: DepositService = {
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
          if (remote.status === 'abandoned' && (await closeAbandoned(order, event))) {
            order = (await findDeposit(db, orderId)) ?? order;
          }
        } catch (error) {
          // The answer stays what we know; the reconciliation asks again.
          deps.logger?.warn({ err: error, orderId }, 'payments: the gateway could not be asked about a watched deposit');
        }
      }
      return { order_id: order.order_id, status: order.status, amount: paiseToRupees(Number(order.amount)) };
    },

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
          const refusal = await refusalOf(tx, {
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
        await credit(tx, config, fresh, gatewayCode);
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
          const refusal = await refusalOf(tx, {
            userId,
            amountPaise: Number(order.amount),
            orderCreatedAt: Number(order.created_at),
          });
          if (refusal) throw refusal;
          await credit(tx, config, order, order.gateway);
        }
        const row = await findDeposit(tx, orderId);
        if (!row) throw new Error(`Deposit ${orderId} vanished`);
        await options.within?.(tx, row);
        return row;
      });
    },

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
            const outcome = await service.applyPaymentEvent(order.gateway, {
              ...event,
              type,
              eventId: `status:${type}:${order.order_id}`,
            });
            if (outcome === 'processed') changed += 1;
          } else if (remote.status === 'abandoned' || Number(order.created_at) < now - ABANDON_AFTER_MS) {
            if (await closeAbandoned(order, event)) changed += 1;
          }
        } catch (error) {
          deps.logger?.warn({ err: error, orderId: order.order_id }, 'payments: a pending deposit could not be settled');
        }
      }
      return changed;
    },
  };

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

  /**
   * A payment the payer left (or never finished within the hour): closed at the gateway first, so
   * its page takes no late payment; paid meanwhile, it is credited. True when the order changed.
   */
  async function closeAbandoned(
    order: NonNullable<Awaited<ReturnType<typeof findDeposit>>>,
    event: { orderId: string; amountPaise: number; currency: string },
  ): Promise<boolean> {
    const closed = await gateway.cancelPayment(order.order_id);
    if (closed.status === 'succeeded') {
      const outcome = await service.applyPaymentEvent(order.gateway, {
        ...event,
        type: 'payment.succeeded',
        eventId: `status:payment.succeeded:${order.order_id}`,
      });
      return outcome === 'processed';
    }
    return moveDeposit(db, order.order_id, ['pending'], 'abandoned', clock.now());
  }
  return service;
}
