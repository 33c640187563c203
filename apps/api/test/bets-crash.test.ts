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
 * kill -9 of the API process during a storm of bets, then a restart: every bet the server
 * acknowledged is there exactly once, the client's retries with the same keys replay those bets
 * and place the rest once, and the ledger verifies.
 */
const PASSWORD = 'Crash2026ok';
const ENV = { SIM_SEED: 'bets-crash', SIM_SPEED: '1' };
const BETS = 150;

let testDb: TestDatabase;
let database: DatabaseHandle;
const children: ChildProcess[] = [];

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const started = await spawnServerScript('stake-server', { ...ENV, ...testDb.env });
  children.push(started.child);
  return started;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await prepareDatabase(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: '0', ...ENV, ...testDb.env }));
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

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { code?: string; data?: { bet_id?: number } & Record<string, unknown> },
  };
}

describe(`kill -9 during a storm of bets (${testDatabaseKind()})`, () => {
  it('keeps every acknowledged bet exactly once and the ledger verifies', { timeout: 120_000 }, async () => {
    const userId = await createUser(database.db, systemClock, {
      userName: 'crasher',
      password: PASSWORD,
      userTypeId: CUSTOMER_USER_TYPE,
    });
    const wallet = moneyServices(database.db, systemClock);
    await moneyTransaction(database.db, { userIds: [userId], now: Date.now() }, (trx) =>
      creditFromHouse(wallet.money, trx, userId, 10_000_000, 'crash'),
    );
    const first = await startServer();
    const login = await post(`${first.url}/api/user/login`, { user_name: 'crasher', password: PASSWORD, type: 'C' });
    const token = (login.body.data as { token: string }).token;
    const market = await farMatchOdds(database.db, first.url);
    const body = { ...market, odds: 1.01, stack: 100, is_back: 1 };
    const keys = Array.from({ length: BETS }, () => randomUUID());
    const send = (url: string, key: string) =>
      post(`${url}/api/bet/placeMarketBet`, body, { authorization: `Bearer ${token}`, 'idempotency-key': key });

    // The storm: the process is killed once some bets were acknowledged; the rest fail in flight.
    const acknowledged = new Map<string, number>();
    let killed = false;
    await Promise.all(
      keys.map(async (key) => {
        try {
          const answer = await send(first.url, key);
          if (answer.status === 200) acknowledged.set(key, Number(answer.body.data?.bet_id));
          if (acknowledged.size >= 20 && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        } catch {
          // Connection reset by the kill: the client does not know whether the bet was taken.
        }
      }),
    );
    expect(killed).toBe(true);
    await new Promise((resolve) =>
      first.child.exitCode !== null || first.child.signalCode !== null ? resolve(null) : first.child.once('exit', resolve),
    );

    const stored = await database.db.selectFrom('bets').select(['bet_id', 'reference']).where('user_id', '=', userId).execute();
    const byReference = new Map(stored.map((row) => [row.reference, Number(row.bet_id)]));
    for (const [key, betId] of acknowledged) expect(byReference.get(`key:${key}`)).toBe(betId);

    // Restart; the client retries every request with its own key.
    const second = await startServer();
    const retried = await Promise.all(keys.map((key) => send(second.url, key)));
    expect(retried.every((answer) => answer.status === 200)).toBe(true);
    for (const [index, key] of keys.entries()) {
      const known = acknowledged.get(key);
      if (known !== undefined) expect(retried[index]!.body.data?.bet_id).toBe(known);
    }
    const after = await database.db.selectFrom('bets').select(['bet_id', 'stake']).where('user_id', '=', userId).execute();
    expect(after).toHaveLength(BETS);
    const balances = await wallet.money.readBalances(database.db, userId);
    expect(balances).toMatchObject({ cash: 10_000_000 - BETS * 10_000, exposure: BETS * 10_000 });
    expect((await auditLedger(database.db)).faults).toEqual([]);
  });
});
