import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBonusModule } from '../src/modules/bonus';
import { createMoneyModule } from '../src/modules/money';
import { createPaymentsModule, sumDepositsSince } from '../src/modules/payments';
import { createRgModule } from '../src/modules/responsible-play';
import { createSettingsService } from '../src/modules/settings';
import { type ConsoleOperator, type ConsoleTestApp, createConsoleTestApp } from './console-support';
import { multipartBody, nextIp, PNG_BYTES } from './payments-support';
import { testDatabaseKind } from './test-app';

/**
 * Payments and the console under attack (docs/payments.md, docs/operators.md): a deposit limit
 * counts what can still be paid and a late payment never passes it; caps that parallel requests
 * cannot pass; a truncated form; a four-eyes request that ends with its withdrawal; payouts the
 * gateway contradicts on the reconciliation screen; an audit log nothing can empty.
 */
let t: ConsoleTestApp;
let finance: ConsoleOperator;
let finance2: ConsoleOperator;

beforeAll(async () => {
  // The clock moves past the abandonment time (an hour): sessions stay live across it.
  t = await createConsoleTestApp({ env: { SESSION_IDLE_MINUTES: '1440', OPERATOR_IDLE_MINUTES: '240' } });
  finance = await t.newOperator('hp-fin', 'finance');
  finance2 = await t.newOperator('hp-fin2', 'finance');
}, 60_000);
afterAll(async () => t.close());

/** The operator's side of deposits as `payments held` builds it: with responsible play's deposit checks. */
function operatorDeposits() {
  const { db } = t.database;
  const moneyModule = createMoneyModule({ db, clock: t.clock });
  const rg = createRgModule({ db, clock: t.clock, money: moneyModule.money, deposits: { totalSince: sumDepositsSince } });
  moneyModule.useRules(rg.guard.moneyRules);
  return createPaymentsModule({
    db,
    clock: t.clock,
    config: t.config,
    money: moneyModule.money,
    bonuses: createBonusModule({ db, clock: t.clock, money: moneyModule.money }).bonuses,
    settings: createSettingsService(db, t.clock),
    depositChecks: [rg.guard.checkDeposit],
  }).deposits;
}

const orderStatus = async (orderId: string) =>
  (await t.database.db.selectFrom('payment_deposits').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow())
    .status;

const succeeded = (orderId: string, amountPaise: number) => ({
  event_id: `evt_${randomUUID()}`,
  type: 'payment.succeeded' as const,
  order_id: orderId,
  amount_paise: amountPaise,
  currency: 'INR',
});

const depositLimit = async (token: string) =>
  ((await t.post('rg/getLimits', {}, { token })).json().data.limits as { kind: string; used: number; amount: number }[]).find(
    (row) => row.kind === 'deposit',
  );

/** Runs every job due now (a run leases a batch at a time). */
async function runAllDue() {
  for (let round = 0; round < 20 && (await t.app.jobs.runDue()) > 0; round += 1);
}

/** Past the abandonment time and the reconciliation's turn: the recurring job runs. */
async function reconcileAfterAnHour() {
  t.clock.advance(61 * 60_000);
  await runAllDue();
}

describe(`a deposit limit counts what can still be paid (${testDatabaseKind()})`, () => {
  it('paid after abandon: the page refuses it, and the late payment is held, never credited past the limit', async () => {
    const payer = await t.newPayer('hp_abandon');
    const limited = await t.post('rg/setLimit', { kind: 'deposit', period: 'day', amount: 1_000 }, { token: payer.token });
    expect(limited.statusCode, limited.body).toBe(200);
    const first = await t.deposit(payer.token, 1_000);
    // While it can be paid it counts: nothing more fits.
    const more = await t.post('payment/createDeposit', { amount: 100, method: 'upi' }, { token: payer.token });
    expect(more.json().code).toBe('LIMIT_REACHED');

    await reconcileAfterAnHour();
    expect(await orderStatus(first.order_id)).toBe('abandoned');
    // Its payment page no longer takes a payment: nothing is sent, the order stays abandoned.
    const page = await t.app.inject({ method: 'GET', url: first.redirect_url });
    expect(page.body).not.toContain('name="action" value="approve"');
    await t.app.inject({
      method: 'POST',
      url: first.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=upi&action=approve',
    });
    await runAllDue();
    expect(await orderStatus(first.order_id)).toBe('abandoned');

    // It no longer counts: a new deposit fits, and is paid.
    const second = await t.deposit(payer.token, 1_000);
    expect((await t.callback(succeeded(second.order_id, 100_000))).statusCode).toBe(200);
    expect(await t.cash(payer.userId)).toBe(100_000);

    // The gateway reports the abandoned order paid after all: held for an operator, not credited.
    expect((await t.callback(succeeded(first.order_id, 100_000))).statusCode).toBe(200);
    expect(await orderStatus(first.order_id)).toBe('held');
    expect(await t.cash(payer.userId)).toBe(100_000);
    expect(await depositLimit(payer.token)).toMatchObject({ amount: 1_000, used: 1_000 });
    // A repeat of the gateway's word changes nothing; an operator's credit is refused by the limit.
    expect((await t.callback(succeeded(first.order_id, 100_000))).statusCode).toBe(200);
    expect(await t.cash(payer.userId)).toBe(100_000);
    const operator = operatorDeposits();
    await expect(operator.settleHeld(first.order_id, 'credit')).rejects.toMatchObject({ code: 'LIMIT_REACHED' });
    expect(await t.cash(payer.userId)).toBe(100_000);
    // Given back at the gateway by the operator.
    expect((await operator.settleHeld(first.order_id, 'refunded')).status).toBe('refunded');
    expect(await depositLimit(payer.token)).toMatchObject({ used: 1_000 });
    await t.expectLedgerClean();
  });

  it('a page past its window refuses the payment even before the reconciliation abandons the order', async () => {
    const payer = await t.newPayer('hp_expired');
    const order = await t.deposit(payer.token, 500);
    t.clock.advance(61 * 60_000);
    const page = await t.app.inject({ method: 'GET', url: order.redirect_url });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('expired');
    const paid = await t.app.inject({
      method: 'POST',
      url: order.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=upi&action=approve',
    });
    expect(paid.statusCode).toBe(410);
    await runAllDue();
    expect(await orderStatus(order.order_id)).toBe('abandoned');
    expect(await t.cash(payer.userId)).toBe(0);
  });

  it('a late payment the limits allow is credited', async () => {
    const payer = await t.newPayer('hp_late_ok');
    const order = await t.deposit(payer.token, 700);
    await reconcileAfterAnHour();
    expect(await orderStatus(order.order_id)).toBe('abandoned');
    expect((await t.callback(succeeded(order.order_id, 70_000))).statusCode).toBe(200);
    expect(await orderStatus(order.order_id)).toBe('credited');
    expect(await t.cash(payer.userId)).toBe(70_000);
  });

  it('20 parallel deposits against a limit of 5 orders’ worth create at most 5 orders', async () => {
    const payer = await t.newPayer('hp_dep_storm');
    await t.post('rg/setLimit', { kind: 'deposit', period: 'day', amount: 1_000 }, { token: payer.token });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.postWithKey('payment/createDeposit', { amount: 200, method: 'upi' }, payer.token, randomUUID()),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 422).every((res) => res.json().code === 'LIMIT_REACHED')).toBe(true);
    expect((await depositLimit(payer.token))?.used).toBe(1_000);
  });
});

describe(`caps that parallel requests cannot pass (${testDatabaseKind()})`, () => {
  it('20 parallel payout destinations store at most 5', async () => {
    const payer = await t.newPayer('hp_dest');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.post('payment/addDestination', { kind: 'upi', upi_id: `hp${i}@okaxis` }, { token: payer.token, ip: nextIp() }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(5);
    const stored = await t.database.db
      .selectFrom('payment_destinations')
      .select('id')
      .where('user_id', '=', payer.userId)
      .execute();
    expect(stored).toHaveLength(5);
  });

  it('10 parallel identity submissions leave one waiting', async () => {
    const payer = await t.newPayer('hp_kyc');
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.submitKyc(payer.token, {})));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 422)).toHaveLength(9);
    const waiting = await t.database.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('user_id', '=', payer.userId)
      .where('status', '=', 'submitted')
      .execute();
    expect(waiting).toHaveLength(1);
  });
});

describe(`the smaller findings (${testDatabaseKind()})`, () => {
  it('a multipart body cut short answers 400, on the identity form and the console upload', async () => {
    const payer = await t.newPayer('hp_cut');
    const form = multipartBody(
      { legal_name: 'Asha Rao', date_of_birth: '1990-04-01' },
      { name: 'document', filename: 'id.png', type: 'image/png', bytes: PNG_BYTES },
    );
    for (const cut of [60, Math.floor(form.payload.length / 2), form.payload.length - 10]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/kyc/submit',
        headers: { 'content-type': form.contentType, authorization: `Bearer ${payer.token}` },
        payload: form.payload.subarray(0, cut),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
    }
    const owner = await t.newOperator('hp-owner', 'owner');
    const image = multipartBody({ kind: 'logo' }, { name: 'file', filename: 'logo.png', type: 'image/png', bytes: PNG_BYTES });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploadImage',
      headers: { 'content-type': image.contentType, authorization: `Bearer ${owner.token}` },
      payload: image.payload.subarray(0, image.payload.length - 12),
    });
    expect(upload.statusCode, upload.body).toBe(400);
  });

  it('a four-eyes request ends when its withdrawal is cancelled, and cannot be approved after', async () => {
    const payer = await t.verifiedPayer('hp_4eyes', 100_000);
    const withdrawId = await t.withdraw(payer.token, 60_000, payer.destinationId);
    const asked = await t.admin('admin/approveWithdraw', { withdraw_id: withdrawId }, finance.token);
    expect(asked.statusCode, asked.body).toBe(202);
    const requestId = asked.json().request_id as number;
    const cancelled = await t.postWithKey('payment/cancelWithdraw', { withdraw_id: withdrawId }, payer.token, randomUUID());
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [request] = (await t.admin('admin/approvals', {}, finance2.token)).json().data.rows as {
      request_id: number;
      status: string;
      reason: string | null;
    }[];
    expect(request).toMatchObject({ request_id: requestId, status: 'rejected', reason: 'The withdrawal was cancelled' });
    const late = await t.admin('admin/decideApproval', { request_id: requestId, decision: 'approve' }, finance2.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      `Request ${requestId} ended because the withdrawal was cancelled: it can no longer be approved`,
    );
    const withdrawals = (await t.admin('admin/withdrawals', { user_name: 'hp_4eyes' }, finance.token)).json().data.rows;
    expect(withdrawals[0]).toMatchObject({ status: 'cancelled', approval_request_id: null });
  });

  it('payouts the gateway contradicts are on the reconciliation screen', async () => {
    const payer = await t.verifiedPayer('hp_contra', 5_000);
    const withdrawId = await t.withdraw(payer.token, 1_000, payer.destinationId);
    expect((await t.admin('admin/approveWithdraw', { withdraw_id: withdrawId }, finance.token)).statusCode).toBe(200);
    const payout = (type: 'payout.paid' | 'payout.failed', eventId: string) =>
      t.callback({ event_id: eventId, type, withdraw_id: withdrawId, amount_paise: 100_000, currency: 'INR' });
    expect((await payout('payout.paid', 'evt_contra_paid')).statusCode).toBe(200);
    expect((await payout('payout.failed', 'evt_contra_failed')).statusCode).toBe(200);
    const recon = await t.admin('admin/reconciliation', {}, finance.token);
    expect(recon.statusCode, recon.body).toBe(200);
    expect(recon.json().data.contradictions).toEqual([
      expect.objectContaining({
        withdraw_id: withdrawId,
        user_name: 'hp_contra',
        amount: 1_000,
        status: 'paid',
        event: 'payout.failed',
        event_id: 'evt_contra_failed',
      }),
    ]);
  });

  it('the audit log refuses updates, deletes and (PostgreSQL) TRUNCATE', async () => {
    const { db } = t.database;
    const before = await db.selectFrom('operator_audit').select('id').execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(sql`update operator_audit set action = 'x'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from operator_audit`.execute(db)).rejects.toThrow(/append-only/);
    if (testDatabaseKind() === 'postgres') {
      await expect(sql`truncate operator_audit`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`truncate operator_audit cascade`.execute(db)).rejects.toThrow(/append-only/);
    }
    expect(await db.selectFrom('operator_audit').select('id').execute()).toHaveLength(before.length);
  });
});
