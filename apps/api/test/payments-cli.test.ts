import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsTestApp, nextIp, type PaymentsTestApp, PNG_BYTES } from './payments-support';
import { runAdminProcess, testDatabaseKind } from './test-app';

/**
 * The operator's commands (docs/payments.md, "Operator commands"), each run as its own process as
 * an operator would: `kyc list|approve|reject --name N [--reason R]` and `payments list [--status
 * S]`, `payments approve|reject --id ID [--reason R]`.
 */
let t: PaymentsTestApp;
const admin = (...argv: string[]) => runAdminProcess(t.databaseEnv, ...argv);

beforeAll(async () => {
  t = await createPaymentsTestApp();
}, 60_000);
afterAll(async () => t.close());

describe(`operator commands for payments (${testDatabaseKind()})`, () => {
  it(
    'lists identity checks, writes a document out for review, and approves or rejects them with a reason',
    { timeout: 120_000 },
    async () => {
      const alice = await t.newPayer('kycalice');
      const bob = await t.newPayer('kycbob');
      await t.submitKyc(alice.token, { legal_name: 'Alice Dsouza' });
      await t.submitKyc(bob.token, { legal_name: 'Bob Khan' });
      const list = await admin('kyc', 'list');
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toContain('kycalice  submitted  legal name: Alice Dsouza  born 1990-04-01');
      expect(list.stdout).toContain('document: image/png (kyc document --name kycalice --out FILE)');
      // The document is in the database: the CLI writes it to a file readable by its user only.
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'kyc-out-')), 'alice.png');
      const written = await admin('kyc', 'document', '--name', 'kycalice', '--out', file);
      expect(written.code, written.stderr).toBe(0);
      expect(readFileSync(file).equals(PNG_BYTES)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const approve = await admin('kyc', 'approve', '--name', 'kycalice');
      expect(approve.code, approve.stderr).toBe(0);
      const reject = await admin('kyc', 'reject', '--name', 'kycbob', '--reason', 'The name does not match the document');
      expect(reject.code, reject.stderr).toBe(0);
      expect((await t.post('kyc/status', {}, { token: alice.token })).json().data).toEqual({ status: 'approved' });
      expect((await t.post('kyc/status', {}, { token: bob.token })).json().data).toEqual({
        status: 'rejected',
        reason: 'The name does not match the document',
      });
      const twice = await admin('kyc', 'approve', '--name', 'kycalice');
      expect(twice.code).toBe(1);
      expect(twice.stderr).toMatch(/error: .*approved already/);
      const nobody = await admin('kyc', 'approve', '--name', 'nobody123');
      expect(nobody.code).toBe(1);
    },
  );

  it('lists withdrawals by status and approves or rejects them by id', { timeout: 120_000 }, async () => {
    const payer = await t.newPayer('clipayer');
    await t.credit(payer.userId, 300_000);
    await t.submitKyc(payer.token, {});
    expect((await admin('kyc', 'approve', '--name', 'clipayer')).code).toBe(0);
    const destination = await t.post(
      'payment/addDestination',
      { kind: 'upi', upi_id: 'clipayer@paytm' },
      { token: payer.token, ip: nextIp() },
    );
    const ask = async (amount: number) =>
      (
        await t.postWithKey(
          'payment/requestWithdraw',
          { amount, destination_id: destination.json().data.destination_id },
          payer.token,
          randomUUID(),
        )
      ).json().data.withdraw_id as number;
    const first = await ask(1_000);
    const second = await ask(500);

    const pending = await admin('payments', 'list', '--status', 'pending');
    expect(pending.code, pending.stderr).toBe(0);
    expect(pending.stdout).toContain(`#${first}  pending  clipayer  ₹1000.00  to UPI clipayer@paytm`);
    expect(pending.stdout).toContain(`#${second}  pending`);

    const approved = await admin('payments', 'approve', '--id', String(first));
    expect(approved.code, approved.stderr).toBe(0);
    const rejected = await admin('payments', 'reject', '--id', String(second), '--reason', 'Please use a bank account');
    expect(rejected.code, rejected.stderr).toBe(0);
    const rows = (await t.post('report/withdrawStatement', {}, { token: payer.token })).json().data.rows;
    expect(rows).toEqual([
      expect.objectContaining({ withdraw_id: second, status: 'rejected', reason: 'Please use a bank account' }),
      expect.objectContaining({ withdraw_id: first, status: 'approved' }),
    ]);
    expect(await t.cash(payer.userId)).toBe(200_000);

    expect((await admin('payments', 'list', '--status', 'approved')).stdout).toContain(`#${first}  approved`);
    const again = await admin('payments', 'approve', '--id', String(first));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/only a pending one can be approved/);
    const badStatus = await admin('payments', 'list', '--status', 'lost');
    expect(badStatus.code).toBe(2);
    await t.expectLedgerClean();
  });
});
