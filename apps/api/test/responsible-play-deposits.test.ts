import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsTestApp, type PaymentsTestApp } from './payments-support';

/**
 * Responsible play and deposits (docs/responsible-play.md): a deposit limit counts every order
 * pending or credited in its window, on its boundary; a declined payment gives its share back;
 * a pause refuses deposits.
 */
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp();
}, 60_000);
afterAll(async () => t.close());

describe('deposit limits', () => {
  it('refuse the deposit that would pass the limit, to the paisa, and count a declined payment for nothing', async () => {
    const p = await t.newPayer('rg_depositor');
    expect((await t.post('rg/setLimit', { kind: 'deposit', period: 'day', amount: 1_500 }, { token: p.token })).statusCode).toBe(
      200,
    );
    const first = await t.deposit(p.token, 1_000);
    // 1,000 pending: ₹500 is left.
    const over = await t.post('payment/createDeposit', { amount: 501, method: 'upi' }, { token: p.token });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: 'This would pass your daily deposit limit of ₹1,500.00: ₹500.00 is left.',
      data: { kind: 'deposit', period: 'day', limit: 1_500, left: 500 },
    });
    expect((await t.post('rg/getLimits', {}, { token: p.token })).json().data.limits).toContainEqual(
      expect.objectContaining({ kind: 'deposit', period: 'day', amount: 1_500, used: 1_000, remaining: 500 }),
    );

    // The first payment is declined: its amount no longer counts.
    const declined = await t.callback({
      event_id: `evt_${randomUUID()}`,
      type: 'payment.failed',
      order_id: first.order_id,
      amount_paise: 100_000,
      currency: 'INR',
    });
    expect(declined.statusCode).toBe(200);
    const taken = await t.deposit(p.token, 1_500);
    expect(taken.order_id).toBeTruthy();
    expect((await t.post('payment/createDeposit', { amount: 100, method: 'upi' }, { token: p.token })).json()).toMatchObject({
      code: 'LIMIT_REACHED',
    });
    await t.expectLedgerClean();
  });

  it('refuse every deposit during a time-out, while the player can still see their balance', async () => {
    const p = await t.newPayer('rg_paused_depositor');
    await t.post('rg/pause', { kind: 'time_out', duration: '24h' }, { token: p.token });
    const login = await t.post('user/login', { user_name: 'rg_paused_depositor', password: 'Wallet2026', type: 'C' });
    const token = login.json().data.token as string;
    expect(login.json().data.restricted).toBe(true);
    const refused = await t.post('payment/createDeposit', { amount: 500, method: 'upi' }, { token });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'PLAY_PAUSED' });
    expect((await t.post('user/getUserBalance', {}, { token })).statusCode).toBe(200);
  });

  it('credit a deposit paid before a time-out while it runs, without the first-deposit bonus a pause refuses', async () => {
    await t.setSetting('first_deposit_bonus_percent', '50');
    await t.setSetting('first_deposit_bonus_max', '300');
    try {
      const p = await t.newPayer('rg_paid_then_paused');
      const order = await t.deposit(p.token, 1_000);
      expect((await t.post('rg/pause', { kind: 'time_out', duration: '24h' }, { token: p.token })).statusCode).toBe(200);
      // The payer paid at the gateway: the money is theirs and is credited; no bonus during the pause.
      const paid = await t.callback({
        event_id: `evt_${randomUUID()}`,
        type: 'payment.succeeded',
        order_id: order.order_id,
        amount_paise: 100_000,
        currency: 'INR',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await t.module.money.readBalances(t.database.db, p.userId)).toMatchObject({
        cash: 100_000,
        splitBonus: 0,
        wagerBonus: 0,
      });
      expect(await t.database.db.selectFrom('bonuses').selectAll().where('user_id', '=', p.userId).execute()).toEqual([]);
      await t.expectLedgerClean();
    } finally {
      await t.setSetting('first_deposit_bonus_percent', '0');
    }
  });
});
