import { randomUUID } from 'node:crypto';
import type { Notice } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBonusModule } from '../src/modules/bonus';
import { createMoneyModule } from '../src/modules/money';
import { createPaymentsModule, type PaymentsModule } from '../src/modules/payments';
import { createSettingsService } from '../src/modules/settings';
import { createPaymentsTestApp, nextIp, type PaymentsTestApp } from './payments-support';

/**
 * docs/accounts.md "Notices": the player hears, on the site and by SMS, when their identity is
 * approved or rejected and when a withdrawal is paid, fails or is rejected — written with the
 * change itself, the SMS sent by a durable job after it.
 */
let t: PaymentsTestApp;
let quiet: PaymentsTestApp;
let mobiles = 0;

function operatorOf(app: PaymentsTestApp): PaymentsModule {
  const { db } = app.database;
  const { money } = createMoneyModule({ db, clock: app.clock });
  return createPaymentsModule({
    db,
    clock: app.clock,
    config: app.config,
    money,
    bonuses: createBonusModule({ db, clock: app.clock, money }).bonuses,
    settings: createSettingsService(db, app.clock),
  });
}

beforeAll(async () => {
  t = await createPaymentsTestApp();
  quiet = await createPaymentsTestApp({ env: { SMS_NOTICES: '0' } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await quiet.close();
});

/** A sign-up player with a mobile, ₹5,000 and a submitted identity. */
async function payer(app: PaymentsTestApp, name: string) {
  const player = await app.newPayer(name);
  const mobile = `98765${String(++mobiles).padStart(5, '0')}`;
  await app.database.db.updateTable('users').set({ mobile }).where('id', '=', player.userId).execute();
  await app.credit(player.userId, 500_000);
  expect((await app.submitKyc(player.token, {})).statusCode).toBe(200);
  return { ...player, mobile };
}

async function noticesOf(app: PaymentsTestApp, token: string): Promise<{ notices: Notice[]; unread: number }> {
  const res = await app.post('notice/list', {}, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function withdrawal(app: PaymentsTestApp, player: { token: string }, name: string, amount: number) {
  const destination = await app.post(
    'payment/addDestination',
    { kind: 'upi', upi_id: `${name}@okaxis` },
    { token: player.token, ip: nextIp() },
  );
  const res = await app.postWithKey(
    'payment/requestWithdraw',
    { amount, destination_id: destination.json().data.destination_id },
    player.token,
    randomUUID(),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.withdraw_id as number;
}

const payout = (withdrawId: number, amountPaise: number, type: 'payout.paid' | 'payout.failed') => ({
  event_id: `evt_${randomUUID()}`,
  type,
  withdraw_id: withdrawId,
  amount_paise: amountPaise,
  currency: 'INR',
});

describe('notices to the player', () => {
  it('identity approved, then a withdrawal paid: on the site at once, by SMS once the job runs', async () => {
    const operator = operatorOf(t);
    const player = await payer(t, 'notice1');
    expect(await noticesOf(t, player.token)).toEqual({ notices: [], unread: 0 });
    await operator.kyc.review('notice1', 'approved', null);
    const approved = await noticesOf(t, player.token);
    expect(approved.unread).toBe(1);
    expect(approved.notices[0]).toMatchObject({ kind: 'identity_approved', withdraw_id: null, is_read: false });

    const id = await withdrawal(t, player, 'notice1', 1_500);
    await operator.withdrawals.approve(id);
    expect((await t.callback(payout(id, 150_000, 'payout.paid'))).statusCode).toBe(200);
    // The gateway's repeat changes nothing: one notice.
    expect((await t.callback(payout(id, 150_000, 'payout.paid'))).statusCode).toBe(200);
    const paid = await noticesOf(t, player.token);
    expect(paid.unread).toBe(2);
    expect(paid.notices[0]).toMatchObject({ kind: 'withdrawal_paid', withdraw_id: id, amount: 1_500, reason: null });

    await t.app.jobs.runDue();
    const texts = t.sms.messages.filter((message) => message.mobile === player.mobile).map((message) => message.text);
    expect(texts).toEqual(['Your identity is approved: you can withdraw now.', `Your withdrawal ${id} of ₹1,500.00 is paid.`]);
    await t.app.jobs.runDue();
    expect(t.sms.messages.filter((message) => message.mobile === player.mobile)).toHaveLength(2);
  });

  it('identity rejected with the operator’s reason; a refused review records nothing', async () => {
    const operator = operatorOf(t);
    const player = await payer(t, 'notice2');
    await operator.kyc.review('notice2', 'rejected', 'The photo is blurred');
    await expect(operator.kyc.review('notice2', 'approved', null)).rejects.toMatchObject({ code: 'REFUSED' });
    const { notices } = await noticesOf(t, player.token);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'identity_rejected', reason: 'The photo is blurred' });
    await t.app.jobs.runDue();
    expect(t.sms.messages.find((message) => message.mobile === player.mobile)?.text).toBe(
      'Your identity was not approved: The photo is blurred. You can send new documents from the Withdraw page.',
    );
  });

  it('a failed payout and a rejected withdrawal tell the player the money is back; their own cancel does not', async () => {
    const operator = operatorOf(t);
    const player = await payer(t, 'notice3');
    await operator.kyc.review('notice3', 'approved', null);
    const failed = await withdrawal(t, player, 'notice3', 500);
    await operator.withdrawals.approve(failed);
    await t.callback(payout(failed, 50_000, 'payout.failed'));
    const rejected = await withdrawal(t, player, 'notice3', 600);
    await operator.withdrawals.reject(rejected, 'Destination name does not match');
    const cancelled = await withdrawal(t, player, 'notice3', 700);
    expect(
      (await t.postWithKey('payment/cancelWithdraw', { withdraw_id: cancelled }, player.token, randomUUID())).statusCode,
    ).toBe(200);
    const { notices } = await noticesOf(t, player.token);
    expect(notices.map((notice) => [notice.kind, notice.withdraw_id, notice.amount, notice.reason])).toEqual([
      ['withdrawal_rejected', rejected, 600, 'Destination name does not match'],
      ['withdrawal_failed', failed, 500, null],
      ['identity_approved', null, null, null],
    ]);
    await t.expectLedgerClean();
  });

  it('marks read the player’s own notices (some or all), never another’s', async () => {
    const operator = operatorOf(t);
    const player = await payer(t, 'notice4');
    const other = await payer(t, 'notice5');
    await operator.kyc.review('notice4', 'approved', null);
    await operator.kyc.review('notice5', 'approved', null);
    const mine = (await noticesOf(t, player.token)).notices[0]!;
    const theirs = (await noticesOf(t, other.token)).notices[0]!;
    const res = await t.post('notice/markRead', { ids: [mine.id, theirs.id] }, { token: player.token });
    expect(res.json().data).toEqual({ unread: 0 });
    expect((await noticesOf(t, player.token)).notices[0]).toMatchObject({ is_read: true });
    expect((await noticesOf(t, other.token)).unread).toBe(1);
    expect((await t.post('notice/markRead', {}, { token: other.token })).json().data).toEqual({ unread: 0 });
    for (const body of [{ ids: [] }, { ids: ['x'] }, { all: true }]) {
      expect((await t.post('notice/markRead', body, { token: other.token })).statusCode).toBe(400);
    }
    expect((await t.post('notice/list', {})).statusCode).toBe(401);
  });

  it('with SMS notices off, the notice is on the site and no SMS goes', async () => {
    const operator = operatorOf(quiet);
    const player = await payer(quiet, 'notice6');
    await operator.kyc.review('notice6', 'approved', null);
    expect((await noticesOf(quiet, player.token)).unread).toBe(1);
    await quiet.app.jobs.runDue();
    expect(quiet.sms.messages.filter((message) => message.mobile === player.mobile)).toEqual([]);
  });
});
