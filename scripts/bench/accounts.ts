import type autocannon from 'autocannon';
import { loadConfig } from '../../apps/api/src/config/env';
import { openDatabase } from '../../apps/api/src/db/database';
import { hashPassword } from '../../apps/api/src/modules/users/password';
import { insertUser } from '../../apps/api/src/modules/users/users.repository';
import { type BenchScenario, type LoadResult, type RunningServer, formatMs, formatRate } from './harness';

const PASSWORD = 'BenchPass2026';
const LOGIN_USERS = 64;
const READ_USERS = 32;
/** The background login rate of the issue: 8 logins a second beside the reads. */
const BACKGROUND_LOGINS_PER_SECOND = 8;
const READ_RATE = 200;
const STEADY_SECONDS = 6;
/** Quiet and busy runs alternate, so a passing load spike on a shared machine hits both alike. */
const ROUNDS = 3;
const TARGET_P99_RISE = 0.2;

/** Creates bench players straight in the server's database (one argon2 hash shared: it is the same password). */
async function createPlayers(server: RunningServer, prefix: string, count: number): Promise<string[]> {
  const config = loadConfig({ ...server.env, LOG_LEVEL: 'silent' });
  const database = openDatabase(config.DATABASE_URL);
  const passwordHash = await hashPassword(PASSWORD);
  const names = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);
  try {
    for (const name of names) {
      await insertUser(database.db, {
        user_name: name,
        user_name_key: name.toLowerCase(),
        password_hash: passwordHash,
        user_type_id: 7,
        parent_id: null,
        mobile: null,
        email: null,
        created_at: Date.now(),
      });
    }
  } finally {
    await database.close();
  }
  return names;
}

/** One login request per player, each from its own address (the API trusts one proxy hop here). */
function loginRequests(names: string[]): autocannon.Request[] {
  return names.map((name, i) => ({
    method: 'POST',
    path: '/api/user/login',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.7` },
    body: JSON.stringify({ user_name: name, password: PASSWORD, type: 'C' }),
  }));
}

function medianByP99(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.p99Ms - b.p99Ms);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no runs');
  const sum = (pick: (run: LoadResult) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return { ...middle, non2xx: sum((run) => run.non2xx), errors: sum((run) => run.errors) };
}

async function loginTokens(server: RunningServer, names: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const [i, name] of names.entries()) {
    const response = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.200.${i & 255}.9` },
      body: JSON.stringify({ user_name: name, password: PASSWORD, type: 'C' }),
    });
    const body = (await response.json()) as { data?: { token?: string } };
    if (!body.data?.token) throw new Error(`bench login of ${name} failed (HTTP ${response.status})`);
    tokens.push(body.data.token);
  }
  return tokens;
}

/**
 * Issue 3: how fast logins are (argon2id dominates), and whether hashing starves other requests:
 * the p99 of an authenticated read (the balance poll) at a steady rate, alone and with 8 logins/s
 * running beside it. argon2 runs on libuv's thread pool, off the event loop.
 */
export const accountsScenario: BenchScenario = {
  name: 'accounts: user/login rate and p99; authenticated read p99 with 8 logins/s beside it',
  async run({ startApi, load, report }) {
    const api = await startApi({ TRUST_PROXY_HOPS: '1' });
    const loginNames = await createPlayers(api, 'benchlogin', LOGIN_USERS);
    const readNames = await createPlayers(api, 'benchread', READ_USERS);

    // Logins at full speed: 8 connections, one player and address per request.
    await load({ url: api.url, method: 'POST', connections: 8, durationSeconds: 2, requests: loginRequests(loginNames) });
    const logins = await load({ url: api.url, method: 'POST', connections: 8, requests: loginRequests(loginNames) });
    report({
      name: 'POST user/login (argon2id), 8 connections',
      value: formatRate(logins.requestsPerSecond),
      note: `p99 ${formatMs(logins.p99Ms)}`,
    });
    if (logins.non2xx + logins.errors > 0) report({ name: '  refused or failed', value: `${logins.non2xx + logins.errors}` });

    // The authenticated read: each connection polls as its own logged-in player.
    const tokens = await loginTokens(api, readNames);
    const reads: autocannon.Request[] = tokens.map((token) => ({
      method: 'POST',
      path: '/api/user/getUserBalance',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    }));
    const readLoad = { url: api.url, method: 'POST' as const, connections: READ_USERS, overallRate: READ_RATE, requests: reads };
    await load({ ...readLoad, durationSeconds: 2 });
    const quietRuns: LoadResult[] = [];
    const busyRuns: LoadResult[] = [];
    const backgroundRuns: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      quietRuns.push(await load({ ...readLoad, durationSeconds: STEADY_SECONDS }));
      const [busyRun, backgroundRun] = await Promise.all([
        load({ ...readLoad, durationSeconds: STEADY_SECONDS }),
        load({
          url: api.url,
          method: 'POST',
          connections: BACKGROUND_LOGINS_PER_SECOND,
          overallRate: BACKGROUND_LOGINS_PER_SECOND,
          durationSeconds: STEADY_SECONDS,
          requests: loginRequests(loginNames),
        }),
      ]);
      busyRuns.push(busyRun);
      backgroundRuns.push(backgroundRun);
    }
    await api.stop();
    const quiet = medianByP99(quietRuns);
    const busy = medianByP99(busyRuns);
    const background = medianByP99(backgroundRuns);

    report({
      name: `POST user/getUserBalance at ${READ_RATE}/s, alone (median of ${ROUNDS})`,
      value: formatMs(quiet.p99Ms),
      note: `p99 (p50 ${formatMs(quiet.p50Ms)})`,
    });
    report({
      name: `  same, with ${BACKGROUND_LOGINS_PER_SECOND} logins/s beside it`,
      value: formatMs(busy.p99Ms),
      note: `p99 (p50 ${formatMs(busy.p50Ms)}); logins ${background.requestsPerSecond.toFixed(1)}/s, p99 ${formatMs(background.p99Ms)}`,
    });
    const rise = busy.p99Ms / quiet.p99Ms - 1;
    report({
      name: '  p99 rise',
      value: `${(rise * 100).toFixed(0)}%`,
      note: `(target ≤ ${TARGET_P99_RISE * 100}%) ${rise <= TARGET_P99_RISE ? 'PASS' : 'MISS'}`,
    });
    const failures = quiet.non2xx + quiet.errors + busy.non2xx + busy.errors + background.non2xx + background.errors;
    if (failures > 0) report({ name: '  refused or failed requests', value: String(failures) });
  },
};
