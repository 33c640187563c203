import { randomUUID } from 'node:crypto';
import { DEMO_PLAY_MONEY_PAISE } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import type { DatabaseHandle } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { configurePasswordHashing } from '../src/modules/users/password';
import { randomHex, sha256Hex } from '../src/lib/ids';
import { auditLedger, createMoneyModule } from '../src/modules/money';
import { CUSTOMER_USER_TYPE, createUser } from '../src/modules/users/users.service';
import { prepareDatabase } from '../src/startup';
import { type ApiAnswer, type ApiProcess, startApiProcess } from './support/api-processes';
import { createTestDatabase, runAdminProcess, type TestDatabase, testDatabaseKind } from './test-app';

/**
 * The concurrency suite (docs/refusals.md, "Races: the end state is one a serial order gives"):
 * every write endpoint called 20 times at once by one player, split over TWO API processes on one
 * database, while an operator command (`wallet credit`, its own process) writes to the same player.
 * On SQLite and PostgreSQL: no 5xx, the operator's credit applies exactly once, and the end state
 * is one that some serial order of the calls gives.
 */
const PARALLEL = 20;
const CREDIT_RUPEES = 7;

let testDb: TestDatabase;
let database: DatabaseHandle;
let servers: ApiProcess[] = [];
let addressCounter = 0;
const nextAddress = () => `10.93.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

beforeAll(async () => {
  // Players made here hash as cheaply as the API processes do under NODE_ENV=test.
  configurePasswordHashing({ hasher: 'worker', memoryKib: 1_024, passes: 1 });
  testDb = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: '0', ...testDb.env });
  database = await prepareDatabase(config);
  // One trusted proxy hop: each call may come from its own address, as players do. This suite is
  // about races, not latency: on a loaded machine 20 logins may queue for hashing past the 2 s
  // that answers 503 (login-latency.test.ts tests that), so the queue may wait longer here.
  const env = { ...testDb.env, TRUST_PROXY_HOPS: '1', PASSWORD_HASH_QUEUE_WAIT_MS: '60000' };
  servers = await Promise.all([startApiProcess(env), startApiProcess(env)]);
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database.close();
  await testDb.drop();
});

const server = (index: number) => servers[index % servers.length] as ApiProcess;
const money = () => createMoneyModule({ db: database.db, clock: systemClock }).money;

async function newPlayer(userName: string, password: string, extra: { mobile?: string; mustChangePassword?: boolean } = {}) {
  return createUser(database.db, systemClock, { userName, password, userTypeId: CUSTOMER_USER_TYPE, ...extra });
}

async function login(userName: string, password: string): Promise<string> {
  const res = await server(0).post('user/login', { user_name: userName, password, type: 'C' }, { forwardedFor: nextAddress() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { token: string }).token;
}

/**
 * Sends `calls` at once (alternating the two processes) while `wallet credit` runs for `creditName`;
 * checks that nothing answered 5xx and that the credit applied once; hands back the answers.
 */
async function race(
  creditName: string,
  creditUserId: number,
  calls: ((server: ApiProcess) => Promise<ApiAnswer>)[],
): Promise<ApiAnswer[]> {
  const before = (await money().readBalances(database.db, creditUserId)).cash;
  const [cli, ...answers] = await Promise.all([
    runAdminProcess(
      testDb.env,
      'wallet',
      'credit',
      '--name',
      creditName,
      '--amount',
      String(CREDIT_RUPEES),
      '--reason',
      'beside',
    ),
    ...calls.map((call, index) => call(server(index))),
  ]);
  const tally: Record<string, number> = {};
  for (const answer of answers) {
    const kind = `${answer.status} ${answer.body.code ?? 'OK'}`;
    tally[kind] = (tally[kind] ?? 0) + 1;
  }
  expect(
    Object.keys(tally).filter((kind) => kind.startsWith('5')),
    JSON.stringify(tally),
  ).toEqual([]);
  for (const answer of answers.filter((a) => a.status >= 400)) {
    expect(answer.body, JSON.stringify(tally)).toMatchObject({
      status: false,
      message: expect.any(String),
      code: expect.any(String),
    });
  }
  expect(cli.code, cli.stderr).toBe(0);
  expect((await money().readBalances(database.db, creditUserId)).cash).toBe(before + CREDIT_RUPEES * 100);
  return answers;
}

const ok = (answers: ApiAnswer[]) => answers.filter((answer) => answer.status === 200);

describe(`20 parallel writes of one player beside an operator command, two API processes (${testDatabaseKind()})`, () => {
  it('user/demoLogin: every call gets its own play-money account', { timeout: 90_000 }, async () => {
    const bystander = await newPlayer('cc_demo_by', 'CcDemoBy2026');
    const answers = await race(
      'cc_demo_by',
      bystander,
      Array.from(
        { length: PARALLEL },
        () => (s) => s.post('user/demoLogin', { user_name: 'demo' }, { forwardedFor: nextAddress() }),
      ),
    );
    expect(ok(answers)).toHaveLength(PARALLEL);
    const ids = ok(answers).map((answer) => (answer.body.data as { user_id: number }).user_id);
    expect(new Set(ids).size).toBe(PARALLEL);
    for (const id of ids) expect((await money().readBalances(database.db, id)).cash).toBe(DEMO_PLAY_MONEY_PAISE);
  });

  it('user/login: every right password logs in, and exactly one session stays live', { timeout: 90_000 }, async () => {
    const userId = await newPlayer('cc_login', 'CcLogin2026x');
    const answers = await race(
      'cc_login',
      userId,
      Array.from(
        { length: PARALLEL },
        () => (s) =>
          s.post('user/login', { user_name: 'cc_login', password: 'CcLogin2026x', type: 'C' }, { forwardedFor: nextAddress() }),
      ),
    );
    expect(ok(answers)).toHaveLength(PARALLEL);
    const user = await database.db
      .selectFrom('users')
      .select('current_session_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const live = await database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    expect(live).toHaveLength(PARALLEL);
    expect(live.map((row) => row.id)).toContain(user.current_session_id);
  });

  it('user/signup: of 20 sign-ups of one name and mobile exactly one creates the account', { timeout: 90_000 }, async () => {
    const bystander = await newPlayer('cc_signup_by', 'CcSignupBy2026');
    const body = {
      user_name: 'cc_signup',
      mobile: '9400000001',
      password: 'CcSignup2026',
      confirm_password: 'CcSignup2026',
      currency: 'INR',
    };
    const answers = await race(
      'cc_signup_by',
      bystander,
      Array.from({ length: PARALLEL }, () => (s) => s.post('user/signup', body, { forwardedFor: nextAddress() })),
    );
    expect(ok(answers)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.status).toBe(409);
    const rows = await database.db.selectFrom('users').select('id').where('mobile', '=', '9400000001').execute();
    expect(rows).toHaveLength(1);
  });

  it('otp/sendOtp: of 20 sends to one mobile exactly one goes out', { timeout: 90_000 }, async () => {
    const bystander = await newPlayer('cc_otp_by', 'CcOtpBy2026x');
    const answers = await race(
      'cc_otp_by',
      bystander,
      Array.from(
        { length: PARALLEL },
        () => (s) => s.post('otp/sendOtp', { mobile: '9400000002' }, { forwardedFor: nextAddress() }),
      ),
    );
    expect(ok(answers)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.status).toBe(429);
    expect(await database.db.selectFrom('otp_codes').select('id').where('mobile', '=', '9400000002').execute()).toHaveLength(1);
  });

  it('user/setButtonValue: every save succeeds and exactly one list is left', { timeout: 90_000 }, async () => {
    const userId = await newPlayer('cc_buttons', 'CcButtons2026');
    const token = await login('cc_buttons', 'CcButtons2026');
    const lists = Array.from({ length: PARALLEL }, (_, i) =>
      Array.from({ length: 1 + (i % 8) }, (_, j) => ({
        button_name: `C${i}.${j}`,
        button_value: 10 * (i + 1) + j,
        type: 'Casino',
      })),
    );
    const answers = await race(
      'cc_buttons',
      userId,
      lists.map((list) => (s) => s.post('user/setButtonValue', list, { token, forwardedFor: nextAddress() })),
    );
    expect(ok(answers)).toHaveLength(PARALLEL);
    const rows = await database.db
      .selectFrom('stake_buttons')
      .select(['button_name', 'value_paise'])
      .where('user_id', '=', userId)
      .where('type', '=', 'Casino')
      .orderBy('position')
      .execute();
    const saved = rows.map((row) => ({
      button_name: row.button_name,
      button_value: Number(row.value_paise) / 100,
      type: 'Casino',
    }));
    expect(lists).toContainEqual(saved);
  });

  it('user/updateUserWalletStatus: the wallet left active is one that a call chose', { timeout: 90_000 }, async () => {
    const userId = await newPlayer('cc_status', 'CcStatus2026');
    for (const kind of ['split', 'wager']) {
      const grant = await runAdminProcess(
        testDb.env,
        'bonus',
        'grant',
        '--name',
        'cc_status',
        '--amount',
        '50',
        '--wallet',
        kind,
      );
      expect(grant.code, grant.stderr).toBe(0);
    }
    const token = await login('cc_status', 'CcStatus2026');
    const statuses = Array.from({ length: PARALLEL }, (_, i) => i % 3);
    const answers = await race(
      'cc_status',
      userId,
      statuses.map(
        (status) => (s) =>
          s.post(
            'user/updateUserWalletStatus',
            { status },
            { token, forwardedFor: nextAddress(), headers: { 'idempotency-key': randomUUID() } },
          ),
      ),
    );
    expect(ok(answers)).toHaveLength(PARALLEL);
    const balance = await server(0).post('user/getUserBalance', {}, { token });
    const chosen = ok(answers).map((answer) => (answer.body.data as { active_wallet: number }).active_wallet);
    expect(chosen).toContain((balance.body.data as { active_wallet: number }).active_wallet);
  });

  it('user/logout: one call ends the session, the others find it ended', { timeout: 90_000 }, async () => {
    const userId = await newPlayer('cc_logout', 'CcLogout2026');
    const token = await login('cc_logout', 'CcLogout2026');
    const answers = await race(
      'cc_logout',
      userId,
      Array.from({ length: PARALLEL }, () => (s) => s.post('user/logout', {}, { token, forwardedFor: nextAddress() })),
    );
    expect(ok(answers)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.status).toBe(401);
    const logouts = await database.db
      .selectFrom('activity_log')
      .select('id')
      .where('user_id', '=', userId)
      .where('event', '=', 'logout')
      .execute();
    expect(logouts).toHaveLength(1);
  });

  for (const path of ['user/updatePassword', 'user/firstTimeUpdatePassword'] as const) {
    it(`${path}: exactly one change wins and only its password works`, { timeout: 90_000 }, async () => {
      const name = path === 'user/updatePassword' ? 'cc_change' : 'cc_forced';
      const userId = await newPlayer(name, 'CcChange2026', { mustChangePassword: path !== 'user/updatePassword' });
      const token = await login(name, 'CcChange2026');
      const passwords = Array.from({ length: PARALLEL }, (_, i) => `Cc${i}New2026zz`);
      const answers = await race(
        name,
        userId,
        passwords.map(
          (password) => (s) =>
            s.post(
              path,
              { old_password: 'CcChange2026', new_password: password, confirm_password: password },
              { token, forwardedFor: nextAddress() },
            ),
        ),
      );
      expect(ok(answers)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status !== 200)) expect([401, 422, 429]).toContain(answer.status);
      const winner = passwords[answers.findIndex((answer) => answer.status === 200)];
      for (const password of [winner, 'CcChange2026', passwords.find((p) => p !== winner)]) {
        const res = await server(1).post('user/login', { user_name: name, password, type: 'C' }, { forwardedFor: nextAddress() });
        expect(res.status, String(password)).toBe(password === winner ? 200 : 422);
      }
    });
  }

  it('user/forgotPassord: one code resets once, whichever of 20 resets wins', { timeout: 90_000 }, async () => {
    const userId = await newPlayer('cc_reset', 'CcReset2026x', { mobile: '9400000003' });
    const requestId = randomHex(16);
    const now = Date.now();
    await database.db
      .insertInto('otp_codes')
      .values({
        request_id: requestId,
        mobile: '9400000003',
        code_hash: sha256Hex(`${requestId}:123456`),
        created_at: now,
        expires_at: now + 5 * 60_000,
        ip: '127.0.0.1',
      })
      .execute();
    const passwords = Array.from({ length: PARALLEL }, (_, i) => `Rs${i}New2026zz`);
    const answers = await race(
      'cc_reset',
      userId,
      passwords.map(
        (password) => (s) =>
          s.post(
            'user/forgotPassord',
            { mobile: '9400000003', password, confrim_passowrd: password, otp: '123456', request_id: requestId },
            { forwardedFor: nextAddress() },
          ),
      ),
    );
    expect(ok(answers)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.body.code).toBe('OTP_INVALID');
    const winner = passwords[answers.findIndex((answer) => answer.status === 200)];
    const res = await server(0).post(
      'user/login',
      { user_name: 'cc_reset', password: winner, type: 'C' },
      { forwardedFor: nextAddress() },
    );
    expect(res.status).toBe(200);
  });

  it('leaves a ledger whose every invariant holds', async () => {
    expect((await auditLedger(database.db)).faults).toEqual([]);
  });
});
