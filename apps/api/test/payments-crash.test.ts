import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import type { DatabaseHandle } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { auditLedger, createMoneyModule } from '../src/modules/money';
import { sandboxSignature } from '../src/modules/payments';
import { upsertSetting } from '../src/modules/settings/settings.repository';
import { CUSTOMER_USER_TYPE, createUser } from '../src/modules/users';
import { prepareDatabase } from '../src/startup';
import { spawnServerScript, startApiProcess } from './support/api-processes';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './test-app';

/**
 * kill -9 of the API process after a deposit's callback was received and before it was credited,
 * then a restart and the gateway's retry of the same callback: credited exactly once, and the
 * ledger verifies. No PAYMENT_SANDBOX_SECRET is set: the first start generates the secret and
 * keeps it, so the restarted process checks the retry with the same one.
 */
const PASSWORD = 'Crash2026ok';

let testDb: TestDatabase;
let database: DatabaseHandle;
const children: ChildProcess[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await prepareDatabase(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: '0', ...testDb.env }));
  await upsertSetting(database.db, 'payment_gateway', '2', Date.now());
}, 60_000);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await database.close();
  await testDb.drop();
});

describe(`a crash between a callback's receipt and its credit (${testDatabaseKind()})`, () => {
  it('credits once when the gateway sends the callback again after the restart', { timeout: 120_000 }, async () => {
    const userId = await createUser(database.db, systemClock, {
      userName: 'crashpayer',
      password: PASSWORD,
      userTypeId: CUSTOMER_USER_TYPE,
      isSignupUser: true,
    });
    const first = await spawnServerScript('payment-crash-server', { ...testDb.env, JOBS_ENABLED: '0' });
    children.push(first.child);
    const post = (url: string, apiPath: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${url}/api/${apiPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const login = await (await post(first.url, 'user/login', { user_name: 'crashpayer', password: PASSWORD, type: 'C' })).json();
    const token = (login as { data: { token: string } }).data.token;
    const created = await post(
      first.url,
      'payment/createDeposit',
      { amount: 1_234.5, method: 'card' },
      { authorization: `Bearer ${token}` },
    );
    expect(created.status).toBe(200);
    const orderId = ((await created.json()) as { data: { order_id: string } }).data.order_id;

    // The secret the first start generated and kept.
    const { secret } = await database.db
      .selectFrom('payment_gateway_secrets')
      .select('secret')
      .where('gateway', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const raw = JSON.stringify({
      event_id: 'evt_crash_1',
      type: 'payment.succeeded',
      order_id: orderId,
      amount_paise: 123_450,
      currency: 'INR',
    });
    const send = (url: string) =>
      fetch(`${url}/api/payment/callback/sandbox`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-signature': sandboxSignature(secret, raw, Math.floor(Date.now() / 1000)),
        },
        body: raw,
      });

    // The process dies with the callback in hand: the gateway sees no answer.
    await expect(send(first.url)).rejects.toThrow();
    await new Promise((resolve) =>
      first.child.exitCode !== null || first.child.signalCode !== null ? resolve(null) : first.child.once('exit', resolve),
    );
    expect(first.child.signalCode).toBe('SIGKILL');
    const { money } = createMoneyModule({ db: database.db, clock: systemClock });
    expect((await money.readBalances(database.db, userId)).cash).toBe(0);
    expect(await database.db.selectFrom('payment_events').selectAll().execute()).toEqual([]);

    // Restarted; the gateway retries (twice, as gateways do).
    const second = await startApiProcess({ ...testDb.env, JOBS_ENABLED: '0' });
    children.push(second.child);
    expect((await send(second.url)).status).toBe(200);
    expect((await send(second.url)).status).toBe(200);
    expect((await money.readBalances(database.db, userId)).cash).toBe(123_450);
    const order = await database.db
      .selectFrom('payment_deposits')
      .select('status')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('credited');
    expect((await auditLedger(database.db)).faults).toEqual([]);
    await second.stop();
  });
});
