import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import { randomHex } from '../../../lib/ids';
import type { SandboxPaymentsTable, SandboxPayoutsTable } from '../payments.table';

export type SandboxPayment = Selectable<SandboxPaymentsTable>;
export type SandboxPayout = Selectable<SandboxPayoutsTable>;

/** A gateway's signing secret: the one given, else the one kept, else a new one kept for every instance. */
export async function ensureGatewaySecret(db: Db, gateway: string, now: number): Promise<string> {
  await db
    .insertInto('payment_gateway_secrets')
    .values({ gateway, secret: randomHex(32), created_at: now })
    .onConflict((oc) => oc.column('gateway').doNothing())
    .execute();
  const row = await db
    .selectFrom('payment_gateway_secrets')
    .select('secret')
    .where('gateway', '=', gateway)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** The sandbox's payment for an order, created once (the order id is its idempotency key). */
export async function createSandboxPayment(db: Db, payment: SandboxPayment): Promise<SandboxPayment> {
  await db
    .insertInto('sandbox_payments')
    .values(payment)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
  return db.selectFrom('sandbox_payments').selectAll().where('order_id', '=', payment.order_id).executeTakeFirstOrThrow();
}

export function findSandboxPaymentByToken(db: Db, token: string): Promise<SandboxPayment | undefined> {
  return db.selectFrom('sandbox_payments').selectAll().where('token', '=', token).executeTakeFirst();
}

export function findSandboxPaymentByOrder(db: Db, orderId: string): Promise<SandboxPayment | undefined> {
  return db.selectFrom('sandbox_payments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/**
 * The payer's decision, once: false when the payment was already decided or closed, or opened
 * before `openedAfter` (its window passed: it can no longer be paid).
 */
export async function decideSandboxPayment(
  db: Db,
  token: string,
  decision: { status: 'succeeded' | 'failed' | 'abandoned'; method: SandboxPayment['method']; now: number; openedAfter: number },
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_payments')
    .set({ status: decision.status, method: decision.method, updated_at: decision.now })
    .where('token', '=', token)
    .where('status', '=', 'created')
    .where('created_at', '>', decision.openedAfter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Closes an undecided payment of an order (the platform gave up on it): its page takes no payment. */
export async function closeSandboxPayment(db: Db, orderId: string, now: number): Promise<void> {
  await db
    .updateTable('sandbox_payments')
    .set({ status: 'abandoned', updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
}

export async function createSandboxPayout(db: Db, payout: SandboxPayout): Promise<void> {
  await db
    .insertInto('sandbox_payouts')
    .values(payout)
    .onConflict((oc) => oc.column('reference').doNothing())
    .execute();
}

export function findSandboxPayout(db: Db, reference: string): Promise<SandboxPayout | undefined> {
  return db.selectFrom('sandbox_payouts').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** The sandbox's bank pays (or fails) a requested payout, once. */
export async function settleSandboxPayout(db: Db, reference: string, status: 'paid' | 'failed', now: number): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_payouts')
    .set({ status, updated_at: now })
    .where('reference', '=', reference)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
