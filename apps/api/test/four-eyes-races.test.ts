import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleOperator, type ConsoleTestApp, createConsoleTestApp } from './console-support';
import { nextIp } from './payments-support';
import { createPeerApp, type PeerApp, testDatabaseKind } from './test-app';

/**
 * Four-eyes requests about a withdrawal under parallel requests (docs/operators.md, "Four-eyes"):
 * one waits at a time, held by the database, on two API instances as on one; a request never
 * starts waiting for a withdrawal that ended; a late decision says why it is too late.
 */
let t: ConsoleTestApp;
/** A second instance on the same database: PostgreSQL's case (docs/adr/0001); on SQLite one instance serves all. */
let peer: PeerApp | undefined;
const isPostgres = testDatabaseKind() === 'postgres';
let finance: ConsoleOperator;
let finance2: ConsoleOperator;

beforeAll(async () => {
  t = await createConsoleTestApp();
  if (isPostgres) peer = await createPeerApp(t, t.clock);
  finance = await t.newOperator('fer-fin', 'finance');
  finance2 = await t.newOperator('fer-fin2', 'finance');
}, 60_000);
afterAll(async () => {
  await peer?.close();
  await t.close();
});

/**
 * An admin call through one instance or the other. Two instances on one SQLite file in one process
 * would wait for each other's write lock synchronously (better-sqlite3's busy wait blocks the event
 * loop the holder needs to commit), so on SQLite both halves go to the one app.
 */
const adminVia = (index: number, path: string, body: unknown, token: string) =>
  (index % 2 === 0 || !peer ? t.app : peer.app).inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: body as Record<string, unknown>,
    remoteAddress: nextIp(),
    headers: { authorization: `Bearer ${token}` },
  });

const requestsFor = async (withdrawId: number) =>
  t.database.db
    .selectFrom('operator_approvals')
    .select(['id', 'status', 'reason'])
    .where('kind', '=', 'withdraw_approve')
    .where('target', '=', `withdraw:${withdrawId}`)
    .orderBy('id')
    .execute();

describe(`four-eyes requests for one withdrawal sent at once (${testDatabaseKind()}${isPostgres ? ', two instances' : ''})`, () => {
  it(`of 12 requests at once from two operators${isPostgres ? ' over two instances' : ''}, one waits and the others are 409`, async () => {
    const payer = await t.verifiedPayer('fer_storm', 100_000);
    const withdrawId = await t.withdraw(payer.token, 60_000, payer.destinationId);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        adminVia(i, 'admin/approveWithdraw', { withdraw_id: withdrawId }, i % 4 < 2 ? finance.token : finance2.token),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([202, ...Array<number>(11).fill(409)]);
    expect(answers.find((res) => res.statusCode === 409)?.json().message).toMatch(/already waits for a second operator/);
    expect((await requestsFor(withdrawId)).map((row) => row.status)).toEqual(['pending']);
    // The database holds it, whoever writes: a second waiting request for the withdrawal is refused.
    const [waiting] = await t.database.db
      .selectFrom('operator_approvals')
      .selectAll()
      .where('target', '=', `withdraw:${withdrawId}`)
      .execute();
    const { id: _id, ...copy } = waiting!;
    await expect(t.database.db.insertInto('operator_approvals').values(copy).execute()).rejects.toThrow(/unique/i);
  });

  it('requests racing the player’s cancels: none is left waiting for a cancelled withdrawal', async () => {
    const WITHDRAWALS = 8;
    const payer = await t.verifiedPayer('fer_cancel', 60_000 * WITHDRAWALS + 1_000);
    const ids: number[] = [];
    for (let i = 0; i < WITHDRAWALS; i += 1) ids.push(await t.withdraw(payer.token, 60_000, payer.destinationId));
    const answers = await Promise.all(
      ids.flatMap((withdrawId, i) => [
        adminVia(i, 'admin/approveWithdraw', { withdraw_id: withdrawId }, finance.token),
        t.postWithKey('payment/cancelWithdraw', { withdraw_id: withdrawId }, payer.token, randomUUID()),
      ]),
    );
    for (const [index, res] of answers.entries()) {
      // A request is stored (202) or refused because the withdrawal was cancelled first (409); every cancel passes.
      expect(index % 2 === 0 ? [202, 409] : [200], res.body).toContain(res.statusCode);
    }
    for (const withdrawId of ids) {
      const requests = await requestsFor(withdrawId);
      expect(
        requests.filter((row) => row.status === 'pending'),
        `withdrawal ${withdrawId}`,
      ).toEqual([]);
      for (const row of requests) expect(row).toMatchObject({ status: 'rejected', reason: 'The withdrawal was cancelled' });
    }
    await t.expectLedgerClean();
  });
});

describe(`a late four-eyes decision (${testDatabaseKind()})`, () => {
  it('approving or rejecting a request its withdrawal ended answers 409 saying why', async () => {
    const payer = await t.verifiedPayer('fer_late', 100_000);
    const withdrawId = await t.withdraw(payer.token, 60_000, payer.destinationId);
    const asked = await t.admin('admin/approveWithdraw', { withdraw_id: withdrawId }, finance.token);
    expect(asked.statusCode, asked.body).toBe(202);
    const requestId = asked.json().request_id as number;
    expect(
      (await t.postWithKey('payment/cancelWithdraw', { withdraw_id: withdrawId }, payer.token, randomUUID())).statusCode,
    ).toBe(200);
    for (const [decision, done] of [
      ['approve', 'approved'],
      ['reject', 'rejected'],
    ] as const) {
      const late = await t.admin('admin/decideApproval', { request_id: requestId, decision }, finance2.token);
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json()).toMatchObject({
        status: false,
        code: 'CONFLICT',
        message: `Request ${requestId} ended because the withdrawal was cancelled: it can no longer be ${done}`,
      });
    }
    expect(await requestsFor(withdrawId)).toEqual([
      expect.objectContaining({ status: 'rejected', reason: 'The withdrawal was cancelled' }),
    ]);
  });

  it('a request another operator decided first says so', async () => {
    const player = await t.newPlayer('fer_decided');
    const asked = await t.admin(
      'admin/walletAdjust',
      { user_name: 'fer_decided', direction: 'credit', amount: 60_000, reason: 'goodwill' },
      finance.token,
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const requestId = asked.json().request_id as number;
    const owner = await t.newOperator('fer-owner', 'owner');
    expect(
      (await t.admin('admin/decideApproval', { request_id: requestId, decision: 'approve' }, finance2.token)).statusCode,
    ).toBe(200);
    const second = await t.admin('admin/decideApproval', { request_id: requestId, decision: 'approve' }, owner.token);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`Request ${requestId} was already approved`);
    expect(await t.cash(player.userId)).toBe(6_000_000);
  });
});
