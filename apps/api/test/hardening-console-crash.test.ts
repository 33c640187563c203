import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import type { DatabaseHandle } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { auditLedger } from '../src/modules/money';
import { createOperatorsService, totpCode, totpStep } from '../src/modules/operators';
import { CUSTOMER_USER_TYPE, createUser } from '../src/modules/users';
import { prepareDatabase } from '../src/startup';
import { spawnServerScript, startApiProcess } from './support/api-processes';
import { OPERATOR_PASSWORD } from './console-support';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './test-app';

/**
 * kill -9 of an API process in the middle of operators' credits (docs/operators.md, "Exactly
 * once"): the money, its audit row and its Idempotency-Key commit together or not at all, so after
 * a restart the retries with the same keys apply what was lost and replay what was not: credits
 * = audit rows = answers.
 */
let testDb: TestDatabase;
let database: DatabaseHandle;
const children: ChildProcess[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await prepareDatabase(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: '0', ...testDb.env }));
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

const env = () => ({ ...testDb.env, JOBS_ENABLED: '0' });

const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));

async function post(url: string, apiPath: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: { balance?: { cash: number } } } };
}

/** An operator logged in through `url`, with a code for a step no login used yet. */
async function operatorToken(url: string, name: string): Promise<string> {
  const { secret } = await createOperatorsService(database.db, systemClock).create({
    name,
    password: OPERATOR_PASSWORD,
    role: 'finance',
  });
  const res = await post(url, 'admin/login', {
    user_name: name,
    password: OPERATOR_PASSWORD,
    totp: totpCode(secret, totpStep(Date.now())),
  });
  expect(res.status).toBe(200);
  return (res.body.data as unknown as { token: string }).token;
}

const player = (name: string) =>
  createUser(database.db, systemClock, { userName: name, password: 'Crash2026ok', userTypeId: CUSTOMER_USER_TYPE });

const counts = async (name: string, userId: number) => ({
  credits: (
    await database.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'operator_credit')
      .where('user_id', '=', userId)
      .execute()
  ).length,
  audits: (
    await database.db
      .selectFrom('operator_audit')
      .select('id')
      .where('action', '=', 'wallet.credit')
      .where('target', '=', `user:${name}`)
      .execute()
  ).length,
});

describe(`kill -9 during operators' credits (${testDatabaseKind()})`, () => {
  it(
    'killed between the money and its audit row: neither is kept, and the retry applies both once',
    { timeout: 120_000 },
    async () => {
      const userId = await player('crash_between');
      const first = await spawnServerScript('operator-crash-server', env());
      children.push(first.child);
      const token = await operatorToken(first.url, 'crash-op1');
      const key = randomUUID();
      const body = { user_name: 'crash_between', direction: 'credit', amount: 100, reason: 'goodwill' };
      const headers = { authorization: `Bearer ${token}`, 'idempotency-key': key };
      await expect(post(first.url, 'admin/walletAdjust', body, headers)).rejects.toThrow();
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(await counts('crash_between', userId)).toEqual({ credits: 0, audits: 0 });

      const second = await startApiProcess(env());
      children.push(second.child);
      const retried = await post(second.url, 'admin/walletAdjust', body, headers);
      expect(retried.status).toBe(200);
      expect(retried.body.data?.balance?.cash).toBe(100);
      expect((await post(second.url, 'admin/walletAdjust', body, headers)).body.data?.balance?.cash).toBe(100);
      expect(await counts('crash_between', userId)).toEqual({ credits: 1, audits: 1 });
      await second.stop();
    },
  );

  it('killed mid-storm: after the restart the same keys give credits = audit rows = answers', { timeout: 180_000 }, async () => {
    const STORM = 40;
    const userId = await player('crash_storm');
    const first = await startApiProcess(env());
    children.push(first.child);
    const token = await operatorToken(first.url, 'crash-op2');
    const keys = Array.from({ length: STORM }, () => randomUUID());
    const call = (url: string, key: string) =>
      post(
        url,
        'admin/walletAdjust',
        { user_name: 'crash_storm', direction: 'credit', amount: 10, reason: `storm ${key}` },
        { authorization: `Bearer ${token}`, 'idempotency-key': key },
      ).catch(() => undefined);
    // Eight at a time, so the kill lands with credits committed, some in flight and some not sent.
    const answered: (Awaited<ReturnType<typeof call>> | undefined)[] = Array(STORM).fill(undefined);
    let next = 0;
    const storm = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < STORM) {
          const index = next++;
          answered[index] = await call(first.url, keys[index]!);
        }
      }),
    );
    for (let polls = 0; (await counts('crash_storm', userId)).credits < 8 && polls < 2_000; polls++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    first.child.kill('SIGKILL');
    await storm;
    await exited(first.child);
    const before = await counts('crash_storm', userId);
    expect(before.credits).toBe(before.audits);
    expect(before.credits).toBeLessThan(STORM);

    const second = await startApiProcess(env());
    children.push(second.child);
    const retries = [];
    for (const key of keys) retries.push(await call(second.url, key));
    expect(retries.every((res) => res?.status === 200)).toBe(true);
    const after = await counts('crash_storm', userId);
    expect(after).toEqual({ credits: STORM, audits: STORM });
    // Every answer the first process gave is the one the retry gives again.
    for (const [index, first] of answered.entries()) {
      if (first?.status === 200) expect(retries[index]?.body).toEqual(first.body);
    }
    const { cash } = (await post(second.url, 'admin/player', { user_name: 'crash_storm' }, { authorization: `Bearer ${token}` }))
      .body.data as unknown as { cash: number };
    expect(cash).toBe(STORM * 10);
    expect((await auditLedger(database.db)).faults).toEqual([]);
    await second.stop();
  });
});
