import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsService } from '../src/modules/settings';
import { decideSandboxPayment, findSandboxPaymentByOrder } from '../src/modules/payments/gateway/sandbox.repository';
import { type CallbackBody, createPaymentsTestApp, type PaymentsTestApp } from './payments-support';
import { testDatabaseKind } from './test-app';

/**
 * Deposits (docs/payments.md, "Deposits" and "Callback rules"): an order within the settings'
 * limits, the sandbox's hosted page, and every callback case (valid, duplicate, late, out of order,
 * forged, stale, unknown order, wrong amount or currency, 50 at once, a failure between receipt and
 * credit), each followed by `ledger verify`.
 */
let t: PaymentsTestApp;
/** What the deposit checks saw (a deposit limit registers there). */
const checked: { userId: number; amountPaise: number }[] = [];
let refuseDeposits = false;
let failNextCallback = false;

beforeAll(async () => {
  t = await createPaymentsTestApp({
    deps: {
      depositChecks: [
        async (_tx, deposit) => {
          checked.push(deposit);
          if (refuseDeposits) {
            const { AppError } = await import('../src/lib/app-error');
            throw new AppError('REFUSED', 'Your daily deposit limit is reached');
          }
        },
      ],
      paymentTestHooks: {
        afterCallbackReceived() {
          if (failNextCallback) {
            failNextCallback = false;
            throw new Error('simulated crash between receipt and credit');
          }
        },
      },
    },
  });
}, 60_000);
afterAll(async () => t.close());

function succeeded(orderId: string, amountPaise: number, eventId = `evt_${randomUUID()}`): CallbackBody {
  return { event_id: eventId, type: 'payment.succeeded', order_id: orderId, amount_paise: amountPaise, currency: 'INR' };
}

async function depositStatus(token: string, orderId: string): Promise<string> {
  const res = await t.post('payment/getDeposit', { order_id: orderId }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.status as string;
}

describe(`deposits (${testDatabaseKind()})`, () => {
  it('opens an order within the settings and answers the sandbox page to pay it on', async () => {
    const { userId, token } = await t.newPayer('payer1');
    const res = await t.post('payment/createDeposit', { amount: 500, method: 'upi' }, { token });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'pending' });
    expect(data.order_id).toMatch(/^D[0-9a-f]{24}$/);
    expect(data.redirect_url).toMatch(/^\/sandbox-pay\/[0-9a-f]{32}$/);
    expect(checked.at(-1)).toEqual({ userId, amountPaise: 50_000 });
    expect(await depositStatus(token, data.order_id)).toBe('pending');

    const page = await t.app.inject({ method: 'GET', url: data.redirect_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('₹500.00');
    expect(page.body).not.toMatch(/<script|style=/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const css = await t.app.inject({ method: 'GET', url: '/sandbox-pay/sandbox.css' });
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('refuses amounts outside min_deposit and max_deposit, and runs the deposit checks before any order', async () => {
    const { token } = await t.newPayer('payer2');
    for (const amount of [99.99, 100_000.01]) {
      const res = await t.post('payment/createDeposit', { amount, method: 'card' }, { token });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('REFUSED');
    }
    await t.setSetting('min_deposit', '1000');
    expect((await t.post('payment/createDeposit', { amount: 500, method: 'card' }, { token })).statusCode).toBe(422);
    await t.setSetting('min_deposit', '100');
    // The operator cannot make the range empty.
    const settings = createSettingsService(t.database.db, t.clock);
    await expect(settings.setSetting('min_deposit', '200000')).rejects.toThrow(/must not be more than max_deposit/);
    await expect(settings.setSetting('deposit_presets', '500,abc')).rejects.toThrow(/deposit_presets/);
    refuseDeposits = true;
    const before = checked.length;
    const refused = await t.post('payment/createDeposit', { amount: 500, method: 'card' }, { token });
    refuseDeposits = false;
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Your daily deposit limit is reached');
    expect(checked.length).toBe(before + 1);
    const statement = await t.post('report/depositStatement', {}, { token });
    expect(statement.json().data.total_rows).toBe(0);
  });

  it('refuses demo, sub and non-sign-up accounts, and everyone while the gateway is off, with 422 (never 403)', async () => {
    const demo = await t.newPayer('demo1', { isDemo: true });
    const sub = await t.newPayer('sub1', { subAccount: true });
    const plain = await t.newPayer('plain1', { isSignupUser: false });
    const payer = await t.newPayer('payer3');
    const paths = [
      'payment/createDeposit',
      'report/depositStatement',
      'report/withdrawStatement',
      'kyc/status',
      'payment/getDestinations',
    ];
    for (const caller of [demo, sub, plain]) {
      for (const path of paths) {
        const res = await t.post(path, path === 'payment/createDeposit' ? { amount: 500, method: 'upi' } : {}, {
          token: caller.token,
        });
        expect(res.statusCode, `${path} ${res.body}`).toBe(422);
        expect(res.json().code).toBe('PAYMENTS_UNAVAILABLE');
      }
    }
    await t.setSetting('payment_gateway', '0');
    const off = await t.post('payment/createDeposit', { amount: 500, method: 'upi' }, { token: payer.token });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({
      code: 'PAYMENTS_UNAVAILABLE',
      message: 'Deposits and withdrawals are not available on this site',
    });
    await t.setSetting('payment_gateway', '3');
    expect((await t.post('payment/createDeposit', { amount: 500, method: 'upi' }, { token: payer.token })).statusCode).toBe(200);
    await t.setSetting('payment_gateway', '1');
  });

  it('answers a retried createDeposit with the same order (Idempotency-Key)', async () => {
    const { token } = await t.newPayer('payer4');
    const key = randomUUID();
    const first = await t.postWithKey('payment/createDeposit', { amount: 700, method: 'netbanking' }, token, key);
    const second = await t.postWithKey('payment/createDeposit', { amount: 700, method: 'netbanking' }, token, key);
    expect(first.statusCode).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('credits a verified callback once; duplicates, late and contrary callbacks change nothing', async () => {
    const { userId, token } = await t.newPayer('payer5');
    const order = await t.deposit(token, 1_000);
    const event = succeeded(order.order_id, 100_000);
    const first = await t.callback(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: true });
    expect(await t.cash(userId)).toBe(100_000);
    expect(await depositStatus(token, order.order_id)).toBe('credited');

    // The same event again, the same success under another event id, and a late failure.
    expect((await t.callback(event)).statusCode).toBe(200);
    expect((await t.callback(succeeded(order.order_id, 100_000))).statusCode).toBe(200);
    const late = await t.callback({ ...event, event_id: `evt_${randomUUID()}`, type: 'payment.failed' });
    expect(late.statusCode).toBe(200);
    expect(await t.cash(userId)).toBe(100_000);
    expect(await depositStatus(token, order.order_id)).toBe('credited');

    // The account statement names the deposit.
    const statement = await t.post('report/accountStatement', {}, { token });
    const line = statement
      .json()
      .data.rows.find((row: { subject: string }) => row.subject === `payment:deposit:${order.order_id}`);
    expect(line).toMatchObject({
      kind: 'deposit_credit',
      credit: 1_000,
      description: `Deposit ${order.order_id} by UPI: credited`,
    });
    await t.expectLedgerClean();
  });

  it('credits a success that arrives after a failure (out of order), once', async () => {
    const { userId, token } = await t.newPayer('payer6');
    const order = await t.deposit(token, 300);
    const failed = await t.callback({ ...succeeded(order.order_id, 30_000), type: 'payment.failed' });
    expect(failed.statusCode).toBe(200);
    expect(await depositStatus(token, order.order_id)).toBe('failed');
    expect(await t.cash(userId)).toBe(0);
    expect((await t.callback(succeeded(order.order_id, 30_000))).statusCode).toBe(200);
    expect(await depositStatus(token, order.order_id)).toBe('credited');
    expect(await t.cash(userId)).toBe(30_000);
    await t.expectLedgerClean();
  });

  it('refuses forged, stale, unsigned and tampered callbacks with 400 BAD_SIGNATURE and credits nothing', async () => {
    const { userId, token } = await t.newPayer('payer7');
    const order = await t.deposit(token, 400);
    const event = succeeded(order.order_id, 40_000);
    const cases = [
      await t.callback(event, { secret: 'not-the-secret-0123456789abcdefghijkl' }),
      await t.callback(event, { atMs: t.clock.now() - 5 * 60_000 - 1_000 }),
      await t.callback(event, { atMs: t.clock.now() + 5 * 60_000 + 1_000 }),
      await t.callback(event, { header: null }),
      await t.callback(event, { header: 't=1,v1=abc' }),
    ];
    const raw = JSON.stringify(event);
    const { sandboxSignature } = await import('../src/modules/payments');
    const signature = sandboxSignature('payments-test-secret-0123456789abcdef', raw, Math.floor(t.clock.now() / 1000));
    cases.push(await t.callback(raw.replace('40000', '4000000'), { header: signature }));
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'BAD_SIGNATURE' });
    }
    // Within the window it is fine.
    expect((await t.callback(event, { atMs: t.clock.now() - 4 * 60_000 })).statusCode).toBe(200);
    expect(await t.cash(userId)).toBe(40_000);
    await t.expectLedgerClean();
  });

  it('answers 404 for an unknown order and 422 for a wrong amount or currency, crediting nothing', async () => {
    const { userId, token } = await t.newPayer('payer8');
    const order = await t.deposit(token, 250);
    const unknown = await t.callback(succeeded('D000000000000000000000000', 25_000));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const wrongAmount = await t.callback(succeeded(order.order_id, 25_001));
    expect(wrongAmount.statusCode).toBe(422);
    const wrongCurrency = await t.callback({ ...succeeded(order.order_id, 25_000), currency: 'USD' });
    expect(wrongCurrency.statusCode).toBe(422);
    const garbage = await t.callback('{"event_id":"x"}');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().code).toBe('BAD_REQUEST');
    expect(await t.cash(userId)).toBe(0);
    expect(await depositStatus(token, order.order_id)).toBe('pending');
    const events = await t.database.db
      .selectFrom('payment_events')
      .selectAll()
      .where('target', '=', `order:${order.order_id}`)
      .execute();
    expect(events).toEqual([]);
    await t.expectLedgerClean();
  });

  it('credits once when the same callback arrives 50 times at once', async () => {
    const { userId, token } = await t.newPayer('payer9');
    const order = await t.deposit(token, 2_000);
    const event = succeeded(order.order_id, 200_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.callback(event)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    expect(await t.cash(userId)).toBe(200_000);
    const credits = await t.database.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'deposit_credit')
      .where('reference', '=', `deposit:${order.order_id}`)
      .execute();
    expect(credits).toHaveLength(1);
    await t.expectLedgerClean();
  });

  it('credits once when processing fails between receipt and credit and the gateway sends it again', async () => {
    const { userId, token } = await t.newPayer('payer10');
    const order = await t.deposit(token, 600);
    const event = succeeded(order.order_id, 60_000);
    failNextCallback = true;
    const crashed = await t.callback(event);
    expect(crashed.statusCode).toBe(500);
    expect(await t.cash(userId)).toBe(0);
    // The receipt rolled back with the failure: the retry is not taken for a repeat.
    expect((await t.callback(event)).statusCode).toBe(200);
    expect((await t.callback(event)).statusCode).toBe(200);
    expect(await t.cash(userId)).toBe(60_000);
    await t.expectLedgerClean();
  });

  it('grants the first-deposit bonus once, through the bonus rules, when the operator set one', async () => {
    await t.setSetting('first_deposit_bonus_percent', '50');
    await t.setSetting('first_deposit_bonus_max', '300');
    const { userId, token } = await t.newPayer('payer11');
    const first = await t.deposit(token, 1_000);
    expect((await t.callback(succeeded(first.order_id, 100_000))).statusCode).toBe(200);
    const second = await t.deposit(token, 1_000);
    expect((await t.callback(succeeded(second.order_id, 100_000))).statusCode).toBe(200);
    const balances = await t.module.money.readBalances(t.database.db, userId);
    expect(balances).toMatchObject({ cash: 200_000, wagerBonus: 30_000 });
    const bonuses = await t.database.db.selectFrom('bonuses').selectAll().where('user_id', '=', userId).execute();
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ wallet: 'wager', status: 'active' });
    await t.setSetting('first_deposit_bonus_percent', '0');
    await t.expectLedgerClean();
  });

  it('pays through the sandbox page: approve sends the signed callback as a job, decline fails, abandon shows as soon as the player is back', async () => {
    const { userId, token } = await t.newPayer('payer12');
    const approved = await t.deposit(token, 800);
    const form = (action: string) => `method=card&action=${action}`;
    const post = (url: string, action: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(action),
      });
    const back = await post(approved.redirect_url, 'approve');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/deposit?order_id=${approved.order_id}`);
    expect(await depositStatus(token, approved.order_id)).toBe('pending');
    await t.app.jobs.runDue();
    expect(await depositStatus(token, approved.order_id)).toBe('credited');
    expect(await t.cash(userId)).toBe(80_000);
    // The page is used once: a second decision changes nothing and sends nothing.
    expect((await post(approved.redirect_url, 'decline')).statusCode).toBe(303);
    expect((await t.app.inject({ method: 'GET', url: approved.redirect_url })).body).toContain('was approved');

    const declined = await t.deposit(token, 800);
    await post(declined.redirect_url, 'decline');
    await t.app.jobs.runDue();
    expect(await depositStatus(token, declined.order_id)).toBe('failed');

    const abandoned = await t.deposit(token, 800);
    await post(abandoned.redirect_url, 'abandon');
    await t.app.jobs.runDue();
    // Back on the deposit page: the gateway is asked, and the payment said abandoned at once (docs/payments.md).
    expect(await depositStatus(token, abandoned.order_id)).toBe('abandoned');

    // A success whose callback was lost: the reconciliation asks the gateway.
    const lost = await t.deposit(token, 900);
    const token32 = (await findSandboxPaymentByOrder(t.database.db, lost.order_id))?.token ?? '';
    const decision = { status: 'succeeded', method: 'upi', now: t.clock.now(), openedAfter: 0 } as const;
    expect(await decideSandboxPayment(t.database.db, token32, decision)).toBe(true);

    t.clock.advance(3 * 60_000);
    // The recurring reconcile job is due after its interval.
    t.clock.advance(61_000);
    await t.app.jobs.runDue();
    expect(await depositStatus(token, abandoned.order_id)).toBe('abandoned');
    expect(await depositStatus(token, lost.order_id)).toBe('credited');
    expect(await t.cash(userId)).toBe(170_000);
    await t.expectLedgerClean();
  });

  it('sends the callback again with back-off until the platform processes it', async () => {
    const { userId, token } = await t.newPayer('payer13');
    const order = await t.deposit(token, 350);
    await t.app.inject({
      method: 'POST',
      url: order.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=upi&action=approve',
    });
    failNextCallback = true;
    await t.app.jobs.runDue();
    expect(await depositStatus(token, order.order_id)).toBe('pending');
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'sandbox callback')
      .where('status', '=', 'pending')
      .executeTakeFirst();
    expect(job?.last_error).toMatch(/answered 500/);
    expect(Number(job?.run_at)).toBeGreaterThan(t.clock.now());
    t.clock.advance(1_100);
    await t.app.jobs.runDue();
    expect(await depositStatus(token, order.order_id)).toBe('credited');
    expect(await t.cash(userId)).toBe(35_000);
    await t.expectLedgerClean();
  });

  it('answers the deposit statement with rows, totals and net deposits', async () => {
    const { token } = await t.newPayer('payer14');
    const credited = await t.deposit(token, 1_200);
    await t.callback(succeeded(credited.order_id, 120_000));
    await t.deposit(token, 300);
    const res = await t.post('report/depositStatement', { limit: 1 }, { token });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      page: 1,
      limit: 1,
      total_rows: 2,
      totals: { credited: 1_200, pending: 300 },
      net_deposits: 1_200,
    });
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0]).toMatchObject({ status: 'pending', amount: 300, method: 'upi' });
    expect(data.rows[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
