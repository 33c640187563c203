import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorsService, OPERATOR_ATTACK_FAILURES, OPERATOR_LOCK_AFTER_FAILURES } from '../src/modules/operators';
import { PAIR_FAILURE_LIMIT } from '../src/modules/auth/login-throttle';
import { type ConsoleOperator, type ConsoleTestApp, createConsoleTestApp, OPERATOR_PASSWORD } from './console-support';
import { nextIp } from './payments-support';
import { createPeerApp, type PeerApp, testDatabaseKind } from './test-app';
import { PLAYER_PASSWORD } from './wallet-support';

/**
 * The console under attack (docs/operators.md): guesses sent at once share one allowance, an
 * outsider cannot lock an operator out, failed logins are audited, and every act that moves money
 * applies once per Idempotency-Key, with its audit row.
 */
let t: ConsoleTestApp;
let owner: ConsoleOperator;
let finance: ConsoleOperator;
let finance2: ConsoleOperator;
const STEP_MS = 30_000;

beforeAll(async () => {
  t = await createConsoleTestApp();
  owner = await t.newOperator('hc-owner', 'owner');
  finance = await t.newOperator('hc-fin', 'finance');
  finance2 = await t.newOperator('hc-fin2', 'finance');
}, 60_000);
afterAll(async () => t.close());

const operators = () => createOperatorsService(t.database.db, t.clock);

async function auditRows(action: string, target?: string) {
  let query = t.database.db.selectFrom('operator_audit').selectAll().where('action', '=', action);
  if (target) query = query.where('target', '=', target);
  return query.execute();
}

/** An admin call with an operator's token and an Idempotency-Key. */
const adminWithKey = (path: string, body: unknown, token: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: body as Record<string, unknown>,
    remoteAddress: nextIp(),
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
  });

describe(`guesses sent at once share one allowance (${testDatabaseKind()})`, () => {
  it(`of 50 wrong console logins at once from one address at most ${OPERATOR_LOCK_AFTER_FAILURES} are checked`, async () => {
    const { secret } = await operators().create({ name: 'hc-target1', password: OPERATOR_PASSWORD, role: 'support' });
    const ip = '10.77.0.1';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.adminLogin({ user_name: 'hc-target1', password: 'Wrong#guess1', totp: '123456' }, ip)),
    );
    const checked = answers.filter((res) => res.statusCode === 422);
    expect(checked.length).toBeLessThanOrEqual(OPERATOR_LOCK_AFTER_FAILURES);
    expect(answers.every((res) => res.statusCode === 422 || res.statusCode === 429)).toBe(true);
    expect(await auditRows('operator.login_failed', 'operator:hc-target1')).toHaveLength(checked.length);
    // The address is locked out; the operator is not: from their own address they log in.
    t.clock.advance(STEP_MS);
    const good = { user_name: 'hc-target1', password: OPERATOR_PASSWORD, totp: t.totpNow(secret) };
    expect((await t.adminLogin(good, ip)).statusCode).toBe(429);
    expect((await t.adminLogin(good, '10.77.0.2')).statusCode).toBe(200);
  });

  it(`50 wrong logins at once from 50 addresses: at most ${OPERATOR_ATTACK_FAILURES} checked; a known address still logs in, an owner unlocks`, async () => {
    const { secret } = await operators().create({ name: 'hc-target2', password: OPERATOR_PASSWORD, role: 'finance' });
    t.clock.advance(STEP_MS);
    const home = '10.78.0.1';
    expect(
      (await t.adminLogin({ user_name: 'hc-target2', password: OPERATOR_PASSWORD, totp: t.totpNow(secret) }, home)).statusCode,
    ).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.adminLogin({ user_name: 'hc-target2', password: 'Wrong#guess2', totp: '123456' }, `10.79.0.${i + 1}`),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 422).length).toBeLessThanOrEqual(OPERATOR_ATTACK_FAILURES);
    // Under attack: a new address is refused, even with the right password and code …
    t.clock.advance(STEP_MS);
    const fromNew = await t.adminLogin(
      { user_name: 'hc-target2', password: OPERATOR_PASSWORD, totp: t.totpNow(secret) },
      '10.80.0.1',
    );
    expect(fromNew.statusCode).toBe(429);
    expect(fromNew.json().message).toMatch(/ask an owner to unlock/i);
    // … the operator's own address is not.
    expect(
      (await t.adminLogin({ user_name: 'hc-target2', password: OPERATOR_PASSWORD, totp: t.totpNow(secret) }, home)).statusCode,
    ).toBe(200);
    // `operator unlock` lifts it for every address.
    await operators().unlock('hc-target2');
    t.clock.advance(STEP_MS);
    expect(
      (await t.adminLogin({ user_name: 'hc-target2', password: OPERATOR_PASSWORD, totp: t.totpNow(secret) }, '10.80.0.1'))
        .statusCode,
    ).toBe(200);
  });

  it('a failed login of a name no operator has is audited under the system operator', async () => {
    expect((await t.adminLogin({ user_name: 'hc-nobody', password: 'Wrong#guess3', totp: '123456' })).statusCode).toBe(422);
    const [row] = await auditRows('operator.login_failed', 'operator:hc-nobody');
    expect(row).toMatchObject({ operator_name: 'system' });
    expect(row?.after_json).toContain('unknown');
  });

  it(`of 50 wrong player logins at once from one address at most ${PAIR_FAILURE_LIMIT} are checked`, async () => {
    await t.newPlayer('hc_player');
    const ip = '10.81.0.1';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { user_name: 'hc_player', password: 'Wrong2026xx', type: 'C' },
          remoteAddress: ip,
        }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 422).length).toBeLessThanOrEqual(PAIR_FAILURE_LIMIT);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user_name: 'hc_player', password: PLAYER_PASSWORD, type: 'C' },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
  });
});

describe(`operator money acts apply once per Idempotency-Key (${testDatabaseKind()})`, () => {
  const credits = async (userId: number) =>
    t.database.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'operator_credit')
      .where('user_id', '=', userId)
      .execute();

  it('admin/walletAdjust: the same key and body answer the first answer; another body is 409; one credit, one audit row', async () => {
    const player = await t.newPlayer('hc_adjust');
    const body = { user_name: 'hc_adjust', direction: 'credit', amount: 250, reason: 'goodwill' };
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => adminWithKey('admin/walletAdjust', body, finance.token, key)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((res) => JSON.stringify(res.json().data))).size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    const again = await adminWithKey('admin/walletAdjust', body, finance.token, key);
    expect(again.json().data.balance.cash).toBe(250);
    const other = await adminWithKey('admin/walletAdjust', { ...body, amount: 300 }, finance.token, key);
    expect(other.statusCode).toBe(409);
    expect(await credits(player.userId)).toHaveLength(1);
    expect(await auditRows('wallet.credit', 'user:hc_adjust')).toHaveLength(1);
    expect(await t.cash(player.userId)).toBe(25_000);
    // A key is the operator's own: another operator's same key is another act.
    expect((await adminWithKey('admin/walletAdjust', body, owner.token, key)).statusCode).toBe(200);
    expect(await credits(player.userId)).toHaveLength(2);
  });

  it('admin/grantBonus: once per key, with its audit row', async () => {
    await t.newPlayer('hc_bonus');
    const body = { user_name: 'hc_bonus', wallet: 'wager', amount: 40, reason: 'welcome back' };
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => adminWithKey('admin/grantBonus', body, finance.token, key)),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(answers.every((res) => res.json().data.balance.wager_bonus === 40)).toBe(true);
    expect(await auditRows('bonus.grant', 'user:hc_bonus')).toHaveLength(1);
  });

  it('four-eyes: a retried request waits once; a retried approval carries it out once', async () => {
    const player = await t.newPlayer('hc_4eyes');
    const body = { user_name: 'hc_4eyes', direction: 'credit', amount: 60_000, reason: 'big goodwill' };
    const key = randomUUID();
    const asked = await Promise.all(
      Array.from({ length: 3 }, () => adminWithKey('admin/walletAdjust', body, finance.token, key)),
    );
    expect(asked.map((res) => res.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(asked.map((res) => res.json().request_id)).size).toBe(1);
    const requestId = asked[0]!.json().request_id as number;
    expect(await auditRows('approval.request', 'user:hc_4eyes')).toHaveLength(1);
    const decideKey = randomUUID();
    const decisions = await Promise.all(
      Array.from({ length: 3 }, () =>
        adminWithKey('admin/decideApproval', { request_id: requestId, decision: 'approve' }, finance2.token, decideKey),
      ),
    );
    expect(decisions.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(decisions.every((res) => res.json().data.status === 'approved')).toBe(true);
    expect(await credits(player.userId)).toHaveLength(1);
    expect(await auditRows('wallet.credit', 'user:hc_4eyes')).toHaveLength(1);
    expect(await auditRows('approval.approve', 'user:hc_4eyes')).toHaveLength(1);
    expect(await t.cash(player.userId)).toBe(6_000_000);
  });

  it('admin/approveWithdraw and admin/rejectWithdraw: a retry answers the first answer, not "not pending"', async () => {
    const payer = await t.verifiedPayer('hc_payout', 5_000);
    const first = await t.withdraw(payer.token, 1_000, payer.destinationId);
    const key = randomUUID();
    const approvals = await Promise.all(
      Array.from({ length: 3 }, () => adminWithKey('admin/approveWithdraw', { withdraw_id: first }, finance.token, key)),
    );
    expect(approvals.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await adminWithKey('admin/approveWithdraw', { withdraw_id: first }, finance.token, key)).statusCode).toBe(200);
    expect(await auditRows('withdraw.approve', `withdraw:${first}`)).toHaveLength(1);
    const second = await t.withdraw(payer.token, 500, payer.destinationId);
    const rejectKey = randomUUID();
    const body = { withdraw_id: second, reason: 'Please use your own account' };
    const rejections = await Promise.all(
      Array.from({ length: 3 }, () => adminWithKey('admin/rejectWithdraw', body, finance.token, rejectKey)),
    );
    expect(rejections.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await auditRows('withdraw.reject', `withdraw:${second}`)).toHaveLength(1);
    // 5,000 − 1,000 (paid out) − 500 + 500 (back once).
    expect(await t.cash(payer.userId)).toBe(400_000);
    await t.expectLedgerClean();
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('two API instances on one PostgreSQL', () => {
  let peer: PeerApp;
  beforeAll(async () => {
    peer = await createPeerApp(t, t.clock);
  }, 60_000);
  afterAll(async () => peer.close());

  const via = (index: number) => (index % 2 === 0 ? t.app : peer.app);

  it(`50 wrong console logins split over both instances: at most ${OPERATOR_LOCK_AFTER_FAILURES} checked`, async () => {
    await operators().create({ name: 'hc-two1', password: OPERATOR_PASSWORD, role: 'support' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        via(i).inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { user_name: 'hc-two1', password: 'Wrong#guess9', totp: '123456' },
          remoteAddress: '10.82.0.1',
        }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 422).length).toBeLessThanOrEqual(OPERATOR_LOCK_AFTER_FAILURES);
  });

  it('one Idempotency-Key sent to both instances at once credits once, with one audit row', async () => {
    const player = await t.newPlayer('hc_two_adjust');
    const body = { user_name: 'hc_two_adjust', direction: 'credit', amount: 75, reason: 'two instances' };
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        via(i).inject({
          method: 'POST',
          url: '/api/admin/walletAdjust',
          payload: body,
          remoteAddress: nextIp(),
          headers: { authorization: `Bearer ${finance.token}`, 'idempotency-key': key },
        }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((res) => JSON.stringify(res.json().data))).size).toBe(1);
    expect(await t.cash(player.userId)).toBe(7_500);
    expect(await auditRows('wallet.credit', 'user:hc_two_adjust')).toHaveLength(1);
  });
});
