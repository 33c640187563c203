import {
  type DataOf,
  type createDeposit,
  firstDepositBonusPaise,
  type getDeposit,
  type GlobalSettings,
  PAYMENT_CURRENCY,
  type PaymentMethod,
  paiseToRupees,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { lockPlayerOfLockedRow, moneyTransaction, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomHex } from '../../lib/ids';
import type { BonusService } from '../bonus';
import type { Money } from '../money';
import type { SettingsService } from '../settings';
import type { GatewayEvent, PaymentGateway } from './gateway/payment-gateway';
import { assertCanUsePayments, formatRupees, type PaymentCaller, rupeesToPaise } from './payment-access';
import {
  countCreditedDeposits,
  creditDeposit,
  findDeposit,
  insertDeposit,
  insertPaymentEvent,
  listPendingDepositsBefore,
  lockDeposit,
  moveDeposit,
  setDepositPayment,
} from './payments.repository';

/**
 * A rule every deposit must pass before its order is created (a responsible-play deposit limit):
 * it runs under the player's lock, in the transaction that creates the order, and refuses by
 * throwing an AppError (docs/payments.md, "Deposit checks").
 */
export type DepositCheck = (executor: Db, deposit: { userId: number; amountPaise: number }) => Promise<void>;

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
}

/** Our order ids: 'D' and 24 random hex characters (contract ORDER_ID_PATTERN). */
function newOrderId(): string {
  return `D${randomHex(12)}`;
}

/** A pending order older than this is asked about at the gateway (its callback may have been lost). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** A payment the payer has not finished after this long is abandoned (a late success still credits). */
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
      Number(config.first_deposit_bonus_max) * 100,
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
      const min = Number(config.min_deposit) * 100;
      const max = Number(config.max_deposit) * 100;
      if (amountPaise < min || amountPaise > max) {
        throw new AppError('REFUSED', `A deposit must be from ${formatRupees(min)} to ${formatRupees(max)}`);
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
      // its callback (or the reconciliation), never by a page asking.
      if (order.status === 'pending' && order.redirect_url && shouldAskGateway(order.order_id)) {
        try {
          const remote = await gateway.fetchPaymentStatus(order.order_id);
          if (remote.status === 'abandoned' && (await moveDeposit(db, order.order_id, ['pending'], 'abandoned', clock.now()))) {
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
        // Credited is final; a success wins over an earlier failure or abandonment (the payer paid).
        const changes = isSuccess ? fresh.status !== 'credited' : fresh.status === 'pending' || fresh.status === 'abandoned';
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
        const amount = Number(fresh.amount);
        const transactionId = await money.depositCredit(tx, { userId, amount, orderId: fresh.order_id, gateway: gatewayCode });
        await creditDeposit(tx, event.orderId, transactionId, now);
        await grantFirstDepositBonus(tx, config, { userId, orderId: fresh.order_id, amount });
        return 'processed';
      });
    },

    async reconcile() {
      const now = clock.now();
      let changed = 0;
      for (const order of await listPendingDepositsBefore(db, now - RECONCILE_AFTER_MS, RECONCILE_BATCH)) {
        try {
          if (await settleFromGateway(order)) changed += 1;
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
   * The reconciliation: asks the gateway about a pending order and settles it as its callback
   * would — paid or failed once (the same event id whoever asks), abandoned when the payer left
   * the page or never finished within the hour. True when the order changed.
   */
  async function settleFromGateway(order: NonNullable<Awaited<ReturnType<typeof findDeposit>>>): Promise<boolean> {
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
      return outcome === 'processed';
    }
    const isOld = Number(order.created_at) < clock.now() - ABANDON_AFTER_MS;
    if (remote.status === 'abandoned' || isOld) return moveDeposit(db, order.order_id, ['pending'], 'abandoned', clock.now());
    return false;
  }
  return service;
}
