import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBonusModule } from '../src/modules/bonus';
import { createMoneyModule } from '../src/modules/money';
import { createPaymentsModule, type PaymentsModule } from '../src/modules/payments';
import { createSettingsService } from '../src/modules/settings';
import { createPaymentsTestApp, nextIp, type PaymentsTestApp, PNG_BYTES } from './payments-support';
import { testDatabaseKind } from './test-app';

/**
 * Identity and withdrawals (docs/payments.md, "Identity" and "Withdrawals"): the identity check
 * (18+, an image checked by its bytes, stored privately), payout destinations, a withdrawal held at
 * once, cancelled by the player or approved or rejected by the operator, paid or failed by the
 * gateway's callback exactly once, and a withdrawal racing its own cancel and approval resolving
 * one way only.
 */
let t: PaymentsTestApp;
/** The operator's side, as `npm run admin` builds it on the same database. */
let operator: PaymentsModule;

/** The operator's side of `app`, as `npm run admin` builds it on the same database. */
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
  operator = operatorOf(t);
}, 60_000);
afterAll(async () => t.close());

/** A sign-up player with ₹5,000 cash, an approved identity and a UPI destination. */
async function verifiedPayer(name: string) {
  const payer = await t.newPayer(name);
  await t.credit(payer.userId, 500_000);
  expect((await t.submitKyc(payer.token, {})).statusCode).toBe(200);
  await operator.kyc.review(name, 'approved', null);
  const destination = await t.post(
    'payment/addDestination',
    { kind: 'upi', upi_id: `${name}@okaxis` },
    { token: payer.token, ip: nextIp() },
  );
  expect(destination.statusCode, destination.body).toBe(200);
  return { ...payer, destinationId: destination.json().data.destination_id as number };
}

async function withdraw(token: string, amount: number, destinationId: number) {
  const res = await t.postWithKey('payment/requestWithdraw', { amount, destination_id: destinationId }, token, randomUUID());
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.withdraw_id as number;
}

async function withdrawalStatus(id: number) {
  return (await t.database.db.selectFrom('payment_withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
}

/** A valid PNG of 1×1 pixel: no photo of a document. */
const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f5b4b40000000049454e44ae426082',
  'hex',
);

describe(`identity checks (${testDatabaseKind()})`, () => {
  it('takes legal name, an 18+ date of birth and a JPEG/PNG/WebP photo checked by content, stored in the database', async () => {
    const { token } = await t.newPayer('kyc1');
    expect((await t.post('kyc/status', {}, { token })).json().data).toEqual({ status: 'none' });

    const young = await t.submitKyc(token, { date_of_birth: '2010-01-01' });
    expect(young.statusCode).toBe(422);
    expect(young.json().message).toMatch(/18 or older/);
    const notImage = await t.submitKyc(token, { document: Buffer.from('%PDF-1.7 not an image'), filename: 'id.png' });
    expect(notImage.statusCode).toBe(400);
    const gif = await t.submitKyc(token, { document: Buffer.from('GIF89a........'), filename: 'id.gif' });
    expect(gif.statusCode).toBe(400);
    const huge = await t.submitKyc(token, { document: Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]) });
    expect(huge.statusCode).toBe(413);
    const badDate = await t.submitKyc(token, { date_of_birth: '1990-02-30' });
    expect(badDate.statusCode).toBe(400);
    const asJson = await t.post(
      'kyc/submit',
      { legal_name: 'Asha Rao', date_of_birth: '1990-01-01', document: 'iVBOR' },
      { token },
    );
    expect(asJson.statusCode).toBe(400);
    // Checked by content, not by the first bytes: a PNG header on junk, a PNG cut short, a photo too small.
    const header = await t.submitKyc(token, { document: Buffer.concat([PNG_BYTES.subarray(0, 33), Buffer.alloc(400, 7)]) });
    expect(header.statusCode, header.body).toBe(400);
    expect(header.json().message).toMatch(/does not decode/);
    const cut = await t.submitKyc(token, { document: PNG_BYTES.subarray(0, PNG_BYTES.length - 40) });
    expect(cut.statusCode).toBe(400);
    const tiny = await t.submitKyc(token, { document: TINY_PNG });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().message).toMatch(/1×1 pixels/);
    const stored = () => t.database.db.selectFrom('kyc_documents').select(['submission_id', 'content_type', 'bytes']).execute();
    expect(await stored()).toHaveLength(0);

    const ok = await t.submitKyc(token, { filename: '../../evil.png' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ status: 'submitted' });
    // In the database (every instance reads it), never in a folder: nothing the player sent names it.
    const [document] = await stored();
    expect(document?.content_type).toBe('image/png');
    expect(Buffer.from(document!.bytes).equals(PNG_BYTES)).toBe(true);
    expect(existsSync(t.config.KYC_DOCUMENT_DIR) ? readdirSync(t.config.KYC_DOCUMENT_DIR) : []).toHaveLength(0);
    const row = await t.database.db.selectFrom('kyc_submissions').select('document_name').executeTakeFirstOrThrow();
    expect(row.document_name).toMatch(/^[0-9a-f]{32}\.png$/);
    // Never served: not by the image route, not by the site.
    for (const url of [`/api/upload/image/${row.document_name}`, `/kyc/${row.document_name}`, `/data/kyc/${row.document_name}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('PNG');
    }
    expect((await t.post('kyc/status', {}, { token })).json().data).toEqual({ status: 'submitted' });
    expect((await t.submitKyc(token, {})).statusCode).toBe(422);

    await operator.kyc.review('kyc1', 'rejected', 'The photo is blurred');
    expect((await t.post('kyc/status', {}, { token })).json().data).toEqual({
      status: 'rejected',
      reason: 'The photo is blurred',
    });
    expect((await t.submitKyc(token, {})).statusCode).toBe(200);
    await operator.kyc.review('kyc1', 'approved', null);
    expect((await t.post('kyc/status', {}, { token })).json().data).toEqual({ status: 'approved' });
    await expect(operator.kyc.review('kyc1', 'rejected', 'again')).rejects.toThrow(/approved already/);
  });
});

describe(`withdrawals (${testDatabaseKind()})`, () => {
  it('validates and keeps payout destinations, masking bank accounts', async () => {
    const { token } = await t.newPayer('dest1');
    const bad = [
      { kind: 'upi', upi_id: 'no-at-sign' },
      { kind: 'bank', account_number: '12345', ifsc: 'HDFC0001234', holder_name: 'Asha Rao' },
      { kind: 'bank', account_number: '123456789012', ifsc: 'HDFC1001234', holder_name: 'Asha Rao' },
      { kind: 'bank', account_number: '123456789012', ifsc: 'HDFC0001234', holder_name: '<script>' },
      { kind: 'card', card: '4111' },
    ];
    for (const body of bad)
      expect((await t.post('payment/addDestination', body, { token })).statusCode, JSON.stringify(body)).toBe(400);
    const bank = { kind: 'bank', account_number: '123456789012', ifsc: 'hdfc0001234', holder_name: 'Asha Rao' };
    const first = await t.post('payment/addDestination', bank, { token });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.post('payment/addDestination', bank, { token });
    expect(again.json().data.destination_id).toBe(first.json().data.destination_id);
    const list = (await t.post('payment/getDestinations', {}, { token })).json().data.destinations;
    expect(list).toEqual([
      {
        destination_id: first.json().data.destination_id,
        kind: 'bank',
        label: 'Bank ••••9012 · HDFC0001234',
        upi_id: null,
        account_number: '••••9012',
        ifsc: 'HDFC0001234',
        holder_name: 'Asha Rao',
      },
    ]);
  });

  it('needs an approved identity, and takes only cash (not bonus), holding it at once', async () => {
    const { userId, token } = await t.newPayer('wdraw1');
    await t.credit(userId, 100_000);
    const destination = await t.post('payment/addDestination', { kind: 'upi', upi_id: 'wdraw1@ybl' }, { token });
    const destinationId = destination.json().data.destination_id as number;
    const noKyc = await t.post('payment/requestWithdraw', { amount: 200, destination_id: destinationId }, { token });
    expect(noKyc.statusCode).toBe(422);
    expect(noKyc.json().code).toBe('IDENTITY_REQUIRED');
    await t.submitKyc(token, {});
    await operator.kyc.review('wdraw1', 'approved', null);
    await t.module.bonuses.grantByName('wdraw1', '500', 'wager', 'test');

    const tooMuch = await t.post('payment/requestWithdraw', { amount: 1_000.01, destination_id: destinationId }, { token });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('INSUFFICIENT_BALANCE');
    const tooSmall = await t.post('payment/requestWithdraw', { amount: 99, destination_id: destinationId }, { token });
    expect(tooSmall.statusCode).toBe(422);
    const other = await verifiedPayer('wdraw1other');
    const notMine = await t.post(
      'payment/requestWithdraw',
      { amount: 200, destination_id: destinationId },
      { token: other.token },
    );
    expect(notMine.statusCode).toBe(404);
    expect(await t.cash(userId)).toBe(100_000);

    const id = await withdraw(token, 400, destinationId);
    expect(await t.cash(userId)).toBe(60_000);
    const info = (await t.post('payment/getWithdrawInfo', {}, { token })).json().data;
    expect(info).toMatchObject({ withdrawable: 600, min_withdraw: 100, max_withdraw: 1_000_000 });
    expect(info.open).toEqual([
      expect.objectContaining({ withdraw_id: id, status: 'pending', amount: 400, destination: 'UPI wdraw1@ybl' }),
    ]);
    await t.expectLedgerClean();
  });

  it('lets the player cancel while pending: the money comes back, once', async () => {
    const { userId, token, destinationId } = await verifiedPayer('wdraw2');
    const id = await withdraw(token, 1_000, destinationId);
    expect(await t.cash(userId)).toBe(400_000);
    const cancel = await t.postWithKey('payment/cancelWithdraw', { withdraw_id: id }, token, randomUUID());
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toEqual({ withdraw_id: id, status: 'cancelled' });
    const again = await t.post('payment/cancelWithdraw', { withdraw_id: id }, { token });
    expect(again.statusCode).toBe(422);
    expect(await t.cash(userId)).toBe(500_000);
    const stranger = await t.newPayer('wdraw2other');
    expect((await t.post('payment/cancelWithdraw', { withdraw_id: id }, { token: stranger.token })).statusCode).toBe(404);
    await t.expectLedgerClean();
  });

  it('pays an approved withdrawal when the gateway says paid, once, and shows it paid in the statements', async () => {
    const { userId, token, destinationId } = await verifiedPayer('wdraw3');
    const id = await withdraw(token, 1_500, destinationId);
    await operator.withdrawals.approve(id);
    expect(await withdrawalStatus(id)).toBe('approved');
    // The payout job asks the gateway; with PAYMENT_SANDBOX_PAYOUTS=off nothing pays it yet.
    await t.app.jobs.runDue();
    const payout = await t.database.db
      .selectFrom('sandbox_payouts')
      .selectAll()
      .where('reference', '=', `W${id}`)
      .executeTakeFirst();
    expect(payout).toMatchObject({ status: 'requested', amount: 150_000, destination: 'wdraw3@okaxis' });
    expect((await t.post('payment/cancelWithdraw', { withdraw_id: id }, { token })).statusCode).toBe(422);

    const paid = {
      event_id: `evt_${randomUUID()}`,
      type: 'payout.paid' as const,
      withdraw_id: id,
      amount_paise: 150_000,
      currency: 'INR',
    };
    expect((await t.callback({ ...paid, amount_paise: 150_001 })).statusCode).toBe(422);
    expect((await t.callback({ ...paid, withdraw_id: 999_999 })).statusCode).toBe(404);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.callback(paid)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    // A contrary answer later changes nothing (and is logged for a person).
    expect((await t.callback({ ...paid, event_id: `evt_${randomUUID()}`, type: 'payout.failed' })).statusCode).toBe(200);
    expect(await withdrawalStatus(id)).toBe('paid');
    expect(await t.cash(userId)).toBe(350_000);
    const payouts = await t.database.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'withdrawal_payout')
      .where('reference', '=', `withdraw:${id}:payout`)
      .execute();
    expect(payouts).toHaveLength(1);

    const statement = (await t.post('report/withdrawStatement', {}, { token })).json().data;
    expect(statement.rows[0]).toMatchObject({ withdraw_id: id, status: 'paid', amount: 1_500, destination: 'UPI wdraw3@okaxis' });
    expect(statement.totals).toEqual({ paid: 1_500, pending: 0 });
    expect(statement.net_deposits).toBe(-1_500);
    const account = (await t.post('report/accountStatement', {}, { token })).json().data;
    const line = account.rows.find((row: { subject: string }) => row.subject === `payment:withdraw:${id}`);
    expect(line).toMatchObject({ debit: 1_500, description: `Withdrawal ${id} to UPI wdraw3@okaxis: paid` });
    // Its parts, for the site to title it by its state now in the player's language (docs/wallet.md).
    expect(line.detail).toEqual({ type: 'withdrawal', withdraw_id: id, destination: 'UPI wdraw3@okaxis', state: 'paid' });
    await t.expectLedgerClean();
  });

  it('gives the money back when the payout fails, and refuses payouts nobody asked for', async () => {
    const { userId, token, destinationId } = await verifiedPayer('wdraw4');
    const pending = await withdraw(token, 500, destinationId);
    const unasked = await t.callback({
      event_id: `evt_${randomUUID()}`,
      type: 'payout.paid',
      withdraw_id: pending,
      amount_paise: 50_000,
      currency: 'INR',
    });
    expect(unasked.statusCode).toBe(422);
    expect(await withdrawalStatus(pending)).toBe('pending');

    await operator.withdrawals.approve(pending);
    const failed = await t.callback({
      event_id: `evt_${randomUUID()}`,
      type: 'payout.failed',
      withdraw_id: pending,
      amount_paise: 50_000,
      currency: 'INR',
    });
    expect(failed.statusCode).toBe(200);
    expect(await withdrawalStatus(pending)).toBe('failed');
    expect(await t.cash(userId)).toBe(500_000);
    const row = (await t.post('report/withdrawStatement', {}, { token })).json().data.rows[0];
    expect(row).toMatchObject({ status: 'failed', reason: expect.stringMatching(/failed at the gateway/) });
    await t.expectLedgerClean();
  });

  it('rejects with a reason the player sees, giving the money back', async () => {
    const { userId, token, destinationId } = await verifiedPayer('wdraw5');
    const id = await withdraw(token, 700, destinationId);
    await operator.withdrawals.reject(id, 'The destination is not in your name');
    expect(await t.cash(userId)).toBe(500_000);
    const row = (await t.post('report/withdrawStatement', {}, { token })).json().data.rows[0];
    expect(row).toMatchObject({ status: 'rejected', reason: 'The destination is not in your name' });
    await expect(operator.withdrawals.approve(id)).rejects.toThrow(/rejected/);
    await t.expectLedgerClean();
  });

  it('resolves a withdrawal racing its own cancel and its approval one way only', async () => {
    const { userId, token, destinationId } = await verifiedPayer('wdraw6');
    for (let round = 0; round < 8; round += 1) {
      const id = await withdraw(token, 100, destinationId);
      const [cancel, approve] = await Promise.allSettled([
        t.postWithKey('payment/cancelWithdraw', { withdraw_id: id }, token, randomUUID()),
        operator.withdrawals.approve(id),
      ]);
      const cancelled = cancel.status === 'fulfilled' && cancel.value.statusCode === 200;
      const approved = approve.status === 'fulfilled';
      expect(cancelled !== approved, `round ${round}: cancelled ${cancelled}, approved ${approved}`).toBe(true);
      expect(await withdrawalStatus(id)).toBe(cancelled ? 'cancelled' : 'approved');
      if (cancel.status === 'fulfilled' && !cancelled) expect(cancel.value.statusCode).toBe(422);
    }
    const open = await t.database.db
      .selectFrom('payment_withdrawals')
      .select(['amount'])
      .where('user_id', '=', userId)
      .where('status', '=', 'approved')
      .execute();
    expect(await t.cash(userId)).toBe(500_000 - open.length * 10_000);
    await t.expectLedgerClean();
  });

  it('pays by itself a few seconds after approval when the sandbox pays payouts', async () => {
    const own = await createPaymentsTestApp({ env: { PAYMENT_SANDBOX_PAYOUTS: 'on' } });
    try {
      const payer = await own.newPayer('autopay1');
      await own.credit(payer.userId, 100_000);
      await own.submitKyc(payer.token, {});
      const ops = operatorOf(own);
      await ops.kyc.review('autopay1', 'approved', null);
      const destination = await own.post(
        'payment/addDestination',
        { kind: 'upi', upi_id: 'autopay1@ybl' },
        { token: payer.token },
      );
      const res = await own.postWithKey(
        'payment/requestWithdraw',
        { amount: 250, destination_id: destination.json().data.destination_id },
        payer.token,
        randomUUID(),
      );
      const id = res.json().data.withdraw_id as number;
      await ops.withdrawals.approve(id);
      await own.app.jobs.runDue();
      const status = async () =>
        (await own.database.db.selectFrom('payment_withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow())
          .status;
      expect(await status()).toBe('approved');
      own.clock.advance(3_100);
      await own.app.jobs.runDue();
      await own.app.jobs.runDue();
      expect(await status()).toBe('paid');
      expect(await own.cash(payer.userId)).toBe(75_000);
      await own.expectLedgerClean();
    } finally {
      await own.close();
    }
  });
});
