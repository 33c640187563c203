import type { DepositStatus, WithdrawStatus } from '@app/shared';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { numberSentinel, reusableQuery, textSentinel } from '../../db/reusable-query';
import { isPostgres, type Tx } from '../../db/unit-of-work';
import type {
  DepositRowDb,
  DestinationRowDb,
  KycRowDb,
  KycDocumentsTable,
  KycSubmissionsTable,
  PaymentDepositsTable,
  PaymentDestinationsTable,
  PaymentEventsTable,
  PaymentWithdrawalsTable,
  WithdrawalRowDb,
} from './payments.table';

/** A report's window of creation times [startMs, endMs). */
export interface TimeWindow {
  startMs: number;
  endMs: number;
}

// Deposits

export async function insertDeposit(db: Db, row: Insertable<PaymentDepositsTable>): Promise<void> {
  await db.insertInto('payment_deposits').values(row).execute();
}

export function findDeposit(db: Db, orderId: string): Promise<DepositRowDb | undefined> {
  return db.selectFrom('payment_deposits').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

// Compiled once (db/reusable-query.ts): every deposit callback runs these.
const selectOrderLocked = reusableQuery(
  (db: Db, orderId: string) => {
    const query = db
      .selectFrom('payment_deposits')
      .select(['order_id', 'user_id', 'amount', 'currency', 'gateway', 'status', 'created_at'])
      .where('order_id', '=', orderId);
    return isPostgres(db) ? query.forUpdate() : query;
  },
  [textSentinel(0)] as const,
);
const markCredited = reusableQuery(
  (db: Db, orderId: string, transactionId: number, now: number) =>
    db
      .updateTable('payment_deposits')
      .set({ status: sql.lit<DepositStatus>('credited'), ledger_transaction_id: transactionId, updated_at: now })
      .where('order_id', '=', orderId)
      .where('status', '!=', sql.lit<DepositStatus>('credited'))
      .returning('order_id'),
  [textSentinel(0), numberSentinel(1), numberSentinel(2)] as const,
);
const insertEventOnce = reusableQuery(
  (db: Db, gateway: string, eventId: string, type: string, target: string, outcome: string, receivedAt: number) =>
    db
      .insertInto('payment_events')
      .values({ gateway, event_id: eventId, type, target, outcome, received_at: receivedAt })
      .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
      .returning('event_id'),
  [textSentinel(0), textSentinel(1), textSentinel(2), textSentinel(3), textSentinel(4), numberSentinel(5)] as const,
);

/** What a gateway's callback reads of its order. */
export type CallbackOrder = Pick<
  DepositRowDb,
  'order_id' | 'user_id' | 'amount' | 'currency' | 'gateway' | 'status' | 'created_at'
>;

/** The order, locked until the transaction ends (PostgreSQL; SQLite's write lock covers it). */
export async function lockDeposit(tx: Tx, orderId: string): Promise<CallbackOrder | undefined> {
  return (await selectOrderLocked(tx, orderId))[0];
}

/** Credits the order unless it is credited already (any other state may end so: the payer paid). */
export async function creditDeposit(tx: Tx, orderId: string, transactionId: number, now: number): Promise<boolean> {
  return (await markCredited(tx, orderId, transactionId, now)).length > 0;
}

/** The gateway's payment for the order, recorded once (a retry finds it already there). */
export async function setDepositPayment(
  db: Db,
  orderId: string,
  payment: { providerRef: string; redirectUrl: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('payment_deposits')
    .set({ provider_ref: payment.providerRef, redirect_url: payment.redirectUrl, updated_at: now })
    .where('order_id', '=', orderId)
    .where('redirect_url', 'is', null)
    .execute();
}

/** Moves an order from one of `from` to `to`; false when it was in none of them. */
/** What processing an event did, when it turned out otherwise than first recorded (a payment held). */
export async function setPaymentEventOutcome(db: Db, gateway: string, eventId: string, outcome: string): Promise<void> {
  await db
    .updateTable('payment_events')
    .set({ outcome })
    .where('gateway', '=', gateway)
    .where('event_id', '=', eventId)
    .execute();
}

export async function moveDeposit(
  db: Db,
  orderId: string,
  from: readonly DepositStatus[],
  to: DepositStatus,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('payment_deposits')
    .set({ status: to, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countCreditedDeposits(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payment_deposits')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'credited')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Orders still pending that were created before `before`, oldest first: for the reconciliation sweep. */
export function listPendingDepositsBefore(db: Db, before: number, limit: number): Promise<DepositRowDb[]> {
  return db
    .selectFrom('payment_deposits')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export function pageDeposits(db: Db, userId: number, window: TimeWindow, offset: number, limit: number) {
  return db
    .selectFrom('payment_deposits')
    .select(['order_id', 'status', 'amount', 'method', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', window.startMs)
    .where('created_at', '<', window.endMs)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function depositTotals(db: Db, userId: number, window: TimeWindow) {
  const row = await db
    .selectFrom('payment_deposits')
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'credited').then(eb.ref('amount')).else(0).end()).as('credited'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(eb.ref('amount')).else(0).end()).as('pending'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', window.startMs)
    .where('created_at', '<', window.endMs)
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), credited: Number(row.credited ?? 0), pending: Number(row.pending ?? 0) };
}

/** Deposits credited and withdrawals paid out whose last change fell in the window: net deposits. */
export async function netDeposits(db: Db, userId: number, window: TimeWindow): Promise<number> {
  const deposits = await db
    .selectFrom('payment_deposits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'credited')
    .where('updated_at', '>=', window.startMs)
    .where('updated_at', '<', window.endMs)
    .executeTakeFirstOrThrow();
  const withdrawals = await db
    .selectFrom('payment_withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('updated_at', '>=', window.startMs)
    .where('updated_at', '<', window.endMs)
    .executeTakeFirstOrThrow();
  return Number(deposits.total) - Number(withdrawals.total);
}

/** A player's orders by id: the statement names their lines. */
export function listDepositsByOrder(db: Db, userId: number, orderIds: string[]) {
  return db
    .selectFrom('payment_deposits')
    .select(['order_id', 'method', 'status'])
    .where('user_id', '=', userId)
    .where('order_id', 'in', orderIds)
    .execute();
}

// Gateway events

/** Records an event; false when it was recorded before (a repeat: change nothing). */
/** Records a gateway event; false when it was recorded before (the gateway sent it again). */
export async function insertPaymentEvent(db: Db, row: PaymentEventsTable): Promise<boolean> {
  const inserted = await insertEventOnce(db, row.gateway, row.event_id, row.type, row.target, row.outcome, row.received_at);
  return inserted.length > 0;
}

// Destinations

/** Saves a destination unless the player has it already; resolves to its id either way. */
export async function saveDestination(db: Db, row: Insertable<PaymentDestinationsTable>): Promise<number> {
  await db
    .insertInto('payment_destinations')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'destination_key']).doNothing())
    .execute();
  const saved = await db
    .selectFrom('payment_destinations')
    .select('id')
    .where('user_id', '=', row.user_id)
    .where('destination_key', '=', row.destination_key)
    .executeTakeFirstOrThrow();
  return Number(saved.id);
}

export function listDestinations(db: Db, userId: number): Promise<DestinationRowDb[]> {
  return db.selectFrom('payment_destinations').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function findDestination(db: Db, id: number): Promise<DestinationRowDb | undefined> {
  return db.selectFrom('payment_destinations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDestinationByKey(db: Db, userId: number, key: string): Promise<DestinationRowDb | undefined> {
  return db
    .selectFrom('payment_destinations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('destination_key', '=', key)
    .executeTakeFirst();
}

// Withdrawals

export async function insertWithdrawal(db: Db, row: Insertable<PaymentWithdrawalsTable>): Promise<number> {
  const inserted = await db.insertInto('payment_withdrawals').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function findWithdrawal(db: Db, id: number): Promise<WithdrawalRowDb | undefined> {
  return db.selectFrom('payment_withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a withdrawal from one of `from` to `to` (with the fields given); false when it was in none. */
export async function moveWithdrawal(
  db: Db,
  id: number,
  from: readonly WithdrawStatus[],
  to: WithdrawStatus,
  now: number,
  fields: Partial<Pick<WithdrawalRowDb, 'reason' | 'gateway' | 'provider_ref' | 'payout_requested_at'>> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('payment_withdrawals')
    .set({ status: to, updated_at: now, ...fields })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The gateway took the payout request: its reference, once. */
export async function markPayoutRequested(db: Db, id: number, gateway: string, providerRef: string, now: number): Promise<void> {
  await db
    .updateTable('payment_withdrawals')
    .set({ gateway, provider_ref: providerRef, payout_requested_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .where('payout_requested_at', 'is', null)
    .execute();
}

/** A player's withdrawals by id: the statement names their lines. */
export function listWithdrawalsById(db: Db, userId: number, ids: number[]) {
  return db
    .selectFrom('payment_withdrawals')
    .select(['id', 'destination_label', 'status'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

export function listOpenWithdrawals(db: Db, userId: number): Promise<WithdrawalRowDb[]> {
  return db
    .selectFrom('payment_withdrawals')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'approved'])
    .orderBy('id', 'desc')
    .execute();
}

/** For the operator: withdrawals newest first, with their player's id (the users module names them). */
export function listWithdrawalsForOperator(db: Db, status: WithdrawStatus | null, limit: number) {
  let query = db
    .selectFrom('payment_withdrawals')
    .select(['id', 'user_id', 'amount', 'status', 'destination_label', 'reason', 'created_at', 'updated_at'])
    .orderBy('id', 'desc')
    .limit(limit);
  if (status) query = query.where('status', '=', status);
  return query.execute();
}

/** Approved withdrawals whose payout was asked for before `before` and never answered: for the reconciliation sweep. */
export function listUnansweredPayouts(db: Db, before: number, limit: number): Promise<WithdrawalRowDb[]> {
  return db
    .selectFrom('payment_withdrawals')
    .selectAll()
    .where('status', '=', 'approved')
    .where('payout_requested_at', '<', before)
    .orderBy('payout_requested_at')
    .limit(limit)
    .execute();
}

export function pageWithdrawals(db: Db, userId: number, window: TimeWindow, offset: number, limit: number) {
  return db
    .selectFrom('payment_withdrawals')
    .selectAll()
    .where('user_id', '=', userId)
    .where('created_at', '>=', window.startMs)
    .where('created_at', '<', window.endMs)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function withdrawalTotals(db: Db, userId: number, window: TimeWindow) {
  const row = await db
    .selectFrom('payment_withdrawals')
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'paid').then(eb.ref('amount')).else(0).end()).as('paid'),
      eb.fn
        .sum<number>(eb.case().when('status', 'in', ['pending', 'approved']).then(eb.ref('amount')).else(0).end())
        .as('pending'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', window.startMs)
    .where('created_at', '<', window.endMs)
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), paid: Number(row.paid ?? 0), pending: Number(row.pending ?? 0) };
}

// Identity checks

export async function insertKycSubmission(db: Db, row: Insertable<KycSubmissionsTable>): Promise<number> {
  const inserted = await db.insertInto('kyc_submissions').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertKycDocument(db: Db, row: Insertable<KycDocumentsTable>): Promise<void> {
  await db.insertInto('kyc_documents').values(row).execute();
}

export function findKycDocument(db: Db, submissionId: number) {
  return db
    .selectFrom('kyc_documents')
    .select(['content_type', 'bytes'])
    .where('submission_id', '=', submissionId)
    .executeTakeFirst();
}

/** A player's latest submission: it is their identity state. */
export function latestKycSubmission(db: Db, userId: number): Promise<KycRowDb | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Submissions newest first, with their player's id (the users module names them). */
export function listKycSubmissions(db: Db, status: KycRowDb['status'] | null, limit: number) {
  let query = db
    .selectFrom('kyc_submissions')
    .select(['id', 'user_id', 'legal_name', 'date_of_birth', 'document_name', 'document_type', 'status', 'reason', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit);
  if (status) query = query.where('status', '=', status);
  return query.execute();
}

/** An operator's review of a submission still waiting; false when it was reviewed already. */
export async function reviewKycSubmission(
  db: Db,
  id: number,
  review: { status: 'approved' | 'rejected'; reason: string | null; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('kyc_submissions')
    .set({ status: review.status, reason: review.reason, reviewed_at: review.now })
    .where('id', '=', id)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * What a player deposited since a moment, in paise: orders credited, or pending (they can still be
 * paid). A declined or abandoned order counts for nothing: it can no longer be paid; nor does a
 * held one, which is credited only once the checks let it (docs/payments.md, "Late payments").
 * Deposit limits count these.
 */
export async function sumDepositsSince(db: Db, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('payment_deposits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('status', 'in', ['pending', 'credited'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
