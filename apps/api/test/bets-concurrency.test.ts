import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import type { DatabaseHandle } from '../src/db/database';
import { moneyTransaction } from '../src/db/unit-of-work';
import { systemClock } from '../src/lib/clock';
import { auditLedger } from '../src/modules/money';
import { CUSTOMER_USER_TYPE, createUser } from '../src/modules/users/users.service';
import { prepareDatabase } from '../src/startup';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './test-app';
import { moneyServices, creditFromHouse } from './wallet-support';
import { spawnServerScript } from './support/api-processes';
import { farMatchOdds } from './bets-support';

/**
 * 200 parallel bets from one player, sent over HTTP to TWO API processes sharing one database.
 * Each holds ₹100 of a ₹10,000 balance: exactly 100 are taken, the rest refused, nothing overdraws.
 * The servers are the real app (test/support/stake-server.ts builds it) on the real clock.
 */
const PASSWORD = 'Race2026ok';
const ENV = { SIM_SEED: 'bets-race', SIM_SPEED: '1' };

let testDb: TestDatabase;
let database: DatabaseHandle;
const servers: { child: ChildProcess; url: string }[] = [];

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return spawnServerScript('stake-server', { ...ENV, ...env });
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: '0', ...ENV, ...testDb.env });
  database = await prepareDatabase(config);
  servers.push(...(await Promise.all([startServer(testDb.env), startServer(testDb.env)])));
}, 60_000);

afterAll(async () => {
  for (const { child } of servers) {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
  await database.close();
  await testDb.drop();
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code?: string; data?: unknown } };
}

describe(`200 parallel bets through two API processes (${testDatabaseKind()})`, () => {
  it('takes exactly as many as the balance covers and never overdraws', { timeout: 120_000 }, async () => {
    const userId = await createUser(database.db, systemClock, {
      userName: 'betracer',
      password: PASSWORD,
      userTypeId: CUSTOMER_USER_TYPE,
    });
    const wallet = moneyServices(database.db, systemClock);
    await moneyTransaction(database.db, { userIds: [userId], now: Date.now() }, (trx) =>
      creditFromHouse(wallet.money, trx, userId, 1_000_000, 'race'),
    );
    const login = await post(`${servers[0]?.url}/api/user/login`, { user_name: 'betracer', password: PASSWORD, type: 'C' });
    const { token } = login.body.data as { token: string };
    const market = await farMatchOdds(database.db, servers[0]!.url);

    // A back at 1.01 is taken at any offered back price: only the balance decides.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        post(
          `${servers[index % 2]!.url}/api/bet/placeMarketBet`,
          {
            ...market,
            odds: 1.01,
            stack: 100,
            is_back: 1,
          },
          { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        ),
      ),
    );
    const tally: Record<string, number> = {};
    for (const { status, body } of answers) {
      const kind = `${status} ${body.code ?? 'OK'}`;
      tally[kind] = (tally[kind] ?? 0) + 1;
    }
    expect(tally).toEqual({ '200 OK': 100, '422 INSUFFICIENT_BALANCE': 100 });
    const balances = await wallet.money.readBalances(database.db, userId);
    expect(balances).toMatchObject({ cash: 0, exposure: 1_000_000 });
    const bets = await database.db.selectFrom('bets').select('bet_id').where('user_id', '=', userId).execute();
    expect(bets).toHaveLength(100);
    expect((await auditLedger(database.db)).faults).toEqual([]);
  });
});
