import {
  type DataOf,
  type getWithdrawInfo,
  MAX_DESTINATIONS,
  MAX_WITHDRAW_PAISE,
  maskAccountNumber,
  MIN_WITHDRAW_PAISE,
  PAYMENT_CURRENCY,
  type PayoutDestination,
  formatPaiseAsRupees,
  paiseToRupees,
  rupeesToPaise,
  type WithdrawRow,
  type WithdrawStatus,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { enqueueJob } from '../../db/jobs';
import { recordNotice } from '../notices';
import { moneyTransaction, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Money, OperatorActOptions } from '../money';
import type { SettingsService } from '../settings';
import type { CallbackOutcome, PaymentTestHooks } from './deposits.service';
import type { GatewayEvent, PaymentGateway } from './gateway/payment-gateway';
import type { KycService } from './kyc.service';
import { assertCanUsePayments, type PaymentCaller } from './payment-access';
import {
  findDestination,
  findDestinationByKey,
  findWithdrawal,
  insertPaymentEvent,
  insertWithdrawal,
  listDestinations,
  listOpenWithdrawals,
  listUnansweredPayouts,
  markPayoutRequested,
  moveWithdrawal,
  saveDestination,
} from './payments.repository';
import type { DestinationRowDb, WithdrawalRowDb } from './payments.table';

/** The durable job that asks the gateway to pay an approved withdrawal. */
export const PAYOUT_JOB = 'payment payout';
/** An approved payout the gateway has not answered after this long is asked about. */
const PAYOUT_RECONCILE_AFTER_MS = 5 * 60_000;
const RECONCILE_BATCH = 50;

export type NewDestination =
  { kind: 'upi'; upi_id: string } | { kind: 'bank'; account_number: string; ifsc: string; holder_name: string };

export interface WithdrawalService {
  addDestination(caller: PaymentCaller, destination: NewDestination): Promise<number>;
  getDestinations(caller: PaymentCaller): Promise<PayoutDestination[]>;
  getWithdrawInfo(caller: PaymentCaller): Promise<DataOf<typeof getWithdrawInfo>>;
  requestWithdraw(
    caller: PaymentCaller,
    body: { amount: number; destination_id: number },
  ): Promise<{ withdraw_id: number; status: 'pending' }>;
  cancelWithdraw(caller: PaymentCaller, withdrawId: number): Promise<{ withdraw_id: number; status: 'cancelled' }>;
  /** Operator: a pending withdrawal goes to the gateway (a durable payout job). */
  approve(withdrawId: number, options?: OperatorActOptions<WithdrawalRowDb>): Promise<WithdrawalRowDb>;
  /** Operator: a pending withdrawal is refused with a reason; its money goes back to cash. */
  reject(withdrawId: number, reason: string, options?: OperatorActOptions<WithdrawalRowDb>): Promise<WithdrawalRowDb>;
  /** The payout job: asks the gateway to pay an approved withdrawal (idempotent). */
  requestPayout(withdrawId: number): Promise<void>;
  /** A verified payout.paid or payout.failed from the gateway. */
  applyPayoutEvent(gatewayCode: string, event: Extract<GatewayEvent, { withdrawId: number }>): Promise<CallbackOutcome>;
  /** Asks the gateway about payouts it never answered; resolves to how many changed. */
  reconcile(): Promise<number>;
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

function toDestination(row: DestinationRowDb): PayoutDestination {
  return {
    destination_id: Number(row.id),
    kind: row.kind,
    label: destinationLabel(row),
    upi_id: row.upi_id,
    account_number: row.account_number === null ? null : maskAccountNumber(row.account_number),
    ifsc: row.ifsc,
    holder_name: row.holder_name,
  };
}

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

export function createWithdrawalService(deps: WithdrawalServiceDeps): WithdrawalService {
  const { db, clock, money, settings, gateway, kyc } = deps;

  async function ownWithdrawal(caller: PaymentCaller, withdrawId: number): Promise<WithdrawalRowDb> {
    const row = await findWithdrawal(db, withdrawId);
    // Another player's withdrawal is as unknown as one that never was.
    if (!row || Number(row.user_id) !== caller.userId) throw new AppError('NOT_FOUND', 'No such withdrawal');
    return row;
  }

  async function operatorWithdrawal(withdrawId: number): Promise<WithdrawalRowDb> {
    const row = await findWithdrawal(db, withdrawId);
    if (!row) throw new AppError('NOT_FOUND', `No withdrawal has id ${withdrawId}`);
    return row;
  }

  /** Moves a held withdrawal out of `from` and gives its money back, under the player's lock. */
  async function releaseHeld(
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

  const service: WithdrawalService = {
    async addDestination(caller, destination) {
      await assertCanUsePayments(settings, caller);
      const key =
        destination.kind === 'upi'
          ? `upi:${destination.upi_id.toLowerCase()}`
          : `bank:${destination.ifsc}:${destination.account_number}`;
      // Counted and written under the player's lock (PostgreSQL; SQLite's one writer covers it), so
      // parallel additions cannot all see room under the cap.
      return moneyTransaction(db, { userIds: [caller.userId], now: clock.now() }, async (tx) => {
        const existing = await findDestinationByKey(tx, caller.userId, key);
        if (existing) return Number(existing.id);
        if ((await listDestinations(tx, caller.userId)).length >= MAX_DESTINATIONS) {
          throw new AppError('REFUSED', `You can keep at most ${MAX_DESTINATIONS} payout destinations`);
        }
        return saveDestination(tx, {
          user_id: caller.userId,
          kind: destination.kind,
          destination_key: key,
          upi_id: destination.kind === 'upi' ? destination.upi_id : null,
          account_number: destination.kind === 'bank' ? destination.account_number : null,
          ifsc: destination.kind === 'bank' ? destination.ifsc : null,
          holder_name: destination.kind === 'bank' ? destination.holder_name : null,
          created_at: clock.now(),
        });
      });
    },

    async getDestinations(caller) {
      await assertCanUsePayments(settings, caller);
      return (await listDestinations(db, caller.userId)).map(toDestination);
    },

    async getWithdrawInfo(caller) {
      await assertCanUsePayments(settings, caller);
      const { cash } = await money.readBalances(db, caller.userId);
      return {
        withdrawable: paiseToRupees(cash),
        min_withdraw: paiseToRupees(MIN_WITHDRAW_PAISE),
        max_withdraw: paiseToRupees(MAX_WITHDRAW_PAISE),
        open: (await listOpenWithdrawals(db, caller.userId)).map(toWithdrawRow),
      };
    },

    async requestWithdraw(caller, { amount, destination_id: destinationId }) {
      await assertCanUsePayments(settings, caller);
      await kyc.assertApproved(caller.userId);
      const amountPaise = rupeesToPaise(amount);
      if (amountPaise < MIN_WITHDRAW_PAISE || amountPaise > MAX_WITHDRAW_PAISE) {
        throw new AppError(
          'REFUSED',
          `A withdrawal must be from ${formatPaiseAsRupees(MIN_WITHDRAW_PAISE)} to ${formatPaiseAsRupees(MAX_WITHDRAW_PAISE)}`,
        );
      }
      const destination = await findDestination(db, destinationId);
      if (!destination || Number(destination.user_id) !== caller.userId) {
        throw new AppError('NOT_FOUND', 'No such payout destination: add it first');
      }
      const now = clock.now();
      return moneyTransaction(db, { userIds: [caller.userId], idempotency: caller.idempotency, now }, async (tx) => {
        const withdrawId = await insertWithdrawal(tx, {
          user_id: caller.userId,
          amount: amountPaise,
          currency: PAYMENT_CURRENCY,
          destination_id: destinationId,
          destination_label: destinationLabel(destination),
          status: 'pending',
          reason: null,
          gateway: null,
          provider_ref: null,
          payout_requested_at: null,
          created_at: now,
          updated_at: now,
        });
        // Refuses (and so rolls the request back) when cash is short.
        await money.withdrawalHold(tx, {
          userId: caller.userId,
          amount: amountPaise,
          withdrawId,
          note: `withdrawal to ${destinationLabel(destination)}`,
          sessionId: caller.sessionId === null ? null : String(caller.sessionId),
        });
        return { withdraw_id: withdrawId, status: 'pending' as const };
      });
    },

    async cancelWithdraw(caller, withdrawId) {
      const row = await ownWithdrawal(caller, withdrawId);
      await releaseHeld(row, ['pending'], 'cancelled', 'cancelled by the player', {
        idempotency: caller.idempotency,
        sessionId: caller.sessionId,
      });
      return { withdraw_id: withdrawId, status: 'cancelled' };
    },

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
      return releaseHeld(row, ['pending'], 'rejected', reason, {
        idempotency: options.idempotency ?? null,
        ...(options.within ? { within: options.within } : {}),
      });
    },

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
          const outcome = await service.applyPayoutEvent(row.gateway ?? gateway.code, {
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
  return service;
}
