import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import type { DatabaseHandle } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { configurePasswordHashing } from '../src/modules/users/password';
import { CUSTOMER_USER_TYPE, createUser } from '../src/modules/users/users.service';
import { prepareDatabase } from '../src/startup';
import { type ApiProcess, startApiProcess } from './support/api-processes';
import { createTestDatabase, runAdminProcess, type TestDatabase, testDatabaseKind } from './test-app';

/**
 * Races (docs/refusals.md, "Races: the end state is one a serial order gives"): one player's
 * parallel calls sent to TWO API processes sharing one database (a PostgreSQL schema, or one SQLite
 * file). No 5xx, and the end state is one a serial order gives.
 */
let testDb: TestDatabase;
let database: DatabaseHandle;
let servers: ApiProcess[] = [];

beforeAll(async () => {
  // Players made here hash as cheaply as the API processes do under NODE_ENV=test.
  configurePasswordHashing({ hasher: 'worker', memoryKib: 1_024, passes: 1 });
  testDb = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: '0', ...testDb.env });
  database = await prepareDatabase(config);
  // Races, not latency: hashing may queue longer than the 2 s that answers 503 on a loaded machine.
  const env = { ...testDb.env, PASSWORD_HASH_QUEUE_WAIT_MS: '60000', TRUST_PROXY_HOPS: '1' };
  servers = await Promise.all([startApiProcess(env), startApiProcess(env)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database.close();
  await testDb.drop();
});

const server = (index: number) => servers[index % servers.length] as ApiProcess;

async function playerToken(userName: string, password: string): Promise<string> {
  await createUser(database.db, systemClock, { userName, password, userTypeId: CUSTOMER_USER_TYPE });
  const res = await server(0).post('user/login', { user_name: userName, password, type: 'C' });
  expect(res.status).toBe(200);
  return (res.body.data as { token: string }).token;
}

describe(`parallel writes of one player through two API processes (${testDatabaseKind()})`, () => {
  it('8 parallel setButtonValue all succeed and leave exactly one of the saved lists', { timeout: 60_000 }, async () => {
    const token = await playerToken('buttons_race', 'Buttons2026ok');
    const lists = Array.from({ length: 8 }, (_, i) =>
      Array.from({ length: 1 + (i % 8) }, (_, j) => ({
        button_name: `L${i}B${j}`,
        button_value: 100 * (i + 1) + j,
        type: 'Game',
      })),
    );
    const answers = await Promise.all(lists.map((list, i) => server(i).post('user/setButtonValue', list, { token })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const saved = await database.db
      .selectFrom('stake_buttons as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['b.button_name', 'b.value_paise', 'b.position'])
      .where('u.user_name_key', '=', 'buttons_race')
      .where('b.type', '=', 'Game')
      .orderBy('b.position')
      .execute();
    const savedList = saved.map((row) => ({
      button_name: row.button_name,
      button_value: Number(row.value_paise) / 100,
      type: 'Game',
    }));
    expect(lists).toContainEqual(savedList);
  });

  it('of 5 parallel updatePassword calls exactly one succeeds, and only its password works', { timeout: 60_000 }, async () => {
    const token = await playerToken('change_race', 'Change2026ok');
    const passwords = Array.from({ length: 5 }, (_, i) => `Fresh${i}2026zz`);
    const answers = await Promise.all(
      passwords.map((password, i) =>
        server(i).post(
          'user/updatePassword',
          { old_password: 'Change2026ok', new_password: password, confirm_password: password },
          { token, forwardedFor: `10.92.0.${i + 1}` },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => status === 200 || status === 401 || status === 422)).toBe(true);
    const winner = passwords[statuses.indexOf(200)];
    for (const password of [...passwords, 'Change2026ok']) {
      const login = await server(0).post('user/login', { user_name: 'change_race', password, type: 'C' });
      expect(login.status, password).toBe(password === winner ? 200 : 422);
    }
  });

  it(
    'demo logins and sign-ups keep answering while operator commands write (no SQLITE_BUSY 500)',
    { timeout: 120_000 },
    async () => {
      await createUser(database.db, systemClock, {
        userName: 'cli_target',
        password: 'CliTarget2026',
        userTypeId: CUSTOMER_USER_TYPE,
      });
      let isWriting = true;
      const operator = (async () => {
        const codes: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          const run = await runAdminProcess(
            testDb.env,
            'wallet',
            'credit',
            '--name',
            'cli_target',
            '--amount',
            '1',
            '--reason',
            'busy',
          );
          codes.push(run.code);
        }
        isWriting = false;
        return codes;
      })();
      const statuses: number[] = [];
      const tally: Record<string, number> = {};
      // Player traffic for as long as the operator writes: each round 4 demo logins and a sign-up.
      for (let round = 0; isWriting; round += 1) {
        const answers = await Promise.all([
          ...Array.from({ length: 4 }, (_, i) =>
            server(i).post('user/demoLogin', {}, { forwardedFor: `10.94.${round % 250}.${i}` }),
          ),
          server(round).post(
            'user/signup',
            {
              user_name: `busy_${round}`,
              mobile: `95${String(round).padStart(8, '0')}`,
              password: 'BusyBee2026x',
              confirm_password: 'BusyBee2026x',
              currency: 'INR',
            },
            { forwardedFor: `10.94.${round % 250}.9` },
          ),
        ]);
        statuses.push(...answers.map((answer) => answer.status));
        for (const answer of answers) {
          const kind = `${answer.status} ${answer.body.code ?? 'OK'}`;
          tally[kind] = (tally[kind] ?? 0) + 1;
        }
      }
      expect(await operator).toEqual([0, 0, 0, 0]);
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      // Real work, not throttles: the calls went through.
      expect(Object.keys(tally), JSON.stringify(tally)).toEqual(['200 OK']);
    },
  );
});
