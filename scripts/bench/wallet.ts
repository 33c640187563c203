import type autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config/env';
import { openDatabase } from '../../apps/api/src/db/database';
import { lockNewPlayer, writeTransaction } from '../../apps/api/src/db/unit-of-work';
import { systemClock } from '../../apps/api/src/lib/clock';
import { createSessionsService } from '../../apps/api/src/modules/sessions/sessions.service';
import { insertUser } from '../../apps/api/src/modules/users/users.repository';
import { createMoneyModule } from '../../apps/api/src/modules/money';
import {
  type BenchScenario,
  type LoadResult,
  type RunningServer,
  formatMicros,
  formatMs,
  formatRate,
  formatRatio,
} from './harness';
import { benchCustomer, benchLedger } from './wallet-ledger';

const BALANCE_USERS = 1_000;
const TARGET_RATIO = 0.5;
/** docs/wallet.md, "Performance": the unit of work against the raw driver running its statements. */
const LEDGER_TARGET_RATIO = 0.7;
const LEDGER_DEBITS = 2_000;
const PG_WRITERS = 8;

/**
 * Players with a session and money (1,000 by default), written straight into the server's
 * database: the same rows login and an operator credit write (a thousand argon2 logins would only
 * time argon2). A hundred players share a transaction, so 10,000 take seconds, not minutes of fsyncs.
 */
export async function loggedInPlayers(
  server: RunningServer,
  count: number = BALANCE_USERS,
): Promise<{ tokens: string[]; sampleToken: string }> {
  const config = loadConfig({ ...server.env, LOG_LEVEL: 'silent' });
  const database = openDatabase(config.DATABASE_URL);
  const sessions = createSessionsService(database.db, systemClock, { idleMinutes: config.SESSION_IDLE_MINUTES });
  const { money } = createMoneyModule({ db: database.db, clock: systemClock });
  const tokens: string[] = [];
  const perTransaction = 100;
  try {
    for (let first = 0; first < count; first += perTransaction) {
      const batch = await writeTransaction(database.db, async (trx) => {
        const made: string[] = [];
        for (let index = first; index < Math.min(count, first + perTransaction); index += 1) {
          const name = `benchbal${String(index).padStart(5, '0')}`;
          const userId = await insertUser(trx, benchCustomer(name));
          await lockNewPlayer(trx, userId);
          await money.operatorAdjust(trx, {
            userId,
            direction: 'credit',
            amount: 100_000 + index,
            reference: `bench:${name}`,
            reason: 'bench',
          });
          made.push((await sessions.start(trx, userId, { ip: '127.0.0.1', userAgent: 'bench' })).token);
        }
        return made;
      });
      tokens.push(...batch);
    }
  } finally {
    await database.close();
  }
  return { tokens, sampleToken: tokens[0] as string };
}

async function postgresReachable(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

/**
 * docs/wallet.md, "Performance": the balance poll with 1,000 distinct logged-in players against a
 * bare node:http server answering the same JSON; and ledger debits per second through the service
 * against the raw driver running the same statements (better-sqlite3 and pg).
 */
export const walletScenario: BenchScenario = {
  name: 'wallet: getUserBalance with 1,000 players vs bare node:http; ledger debits vs the raw driver',
  async run({ startApi, startBare, compare, report }) {
    const api = await startApi();
    const { tokens, sampleToken } = await loggedInPlayers(api);
    const url = `${api.url}/api/user/getUserBalance`;
    const sample = await fetch(url, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sampleToken}` },
    });
    const bare = await startBare(await sample.text());
    // Each request is another player: connections walk the list of 1,000 tokens. The bare server
    // gets the very same requests, so the load generator does the same work for both.
    const requests: autocannon.Request[] = tokens.map((token) => ({
      method: 'POST',
      path: '/api/user/getUserBalance',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    }));
    const [apiResult, bareResult] = (await compare([
      { url: api.url, server: api, method: 'POST', requests },
      { url: bare.url, server: bare, method: 'POST', requests },
    ])) as [LoadResult, LoadResult];
    await bare.stop();
    await api.stop();
    report({
      name: `POST user/getUserBalance, ${BALANCE_USERS} players`,
      value: formatRate(apiResult.requestsPerSecond),
      note: `p99 ${formatMs(apiResult.p99Ms)}, server CPU ${formatMicros(apiResult.cpuMicrosPerRequest)} per request`,
    });
    report({
      name: '  bare node:http, same JSON',
      value: formatRate(bareResult.requestsPerSecond),
      note: `p99 ${formatMs(bareResult.p99Ms)}, server CPU ${formatMicros(bareResult.cpuMicrosPerRequest)} per request`,
    });
    report({
      name: '  ratio to bare',
      value: formatRatio(apiResult.requestsPerSecond / bareResult.requestsPerSecond, TARGET_RATIO),
      note: apiResult.non2xx + apiResult.errors > 0 ? `(${apiResult.non2xx} non-2xx, ${apiResult.errors} errors)` : '',
    });

    const sqlite = await benchLedger({ kind: 'sqlite', writers: 1, debits: LEDGER_DEBITS });
    report({ name: 'ledger debit via the unit of work, SQLite', value: `${Math.round(sqlite.serviceRate)} /s` });
    report({ name: '  raw better-sqlite3, same statements', value: `${Math.round(sqlite.rawRate)} /s` });
    report({ name: '  ratio to raw', value: formatRatio(sqlite.serviceRate / sqlite.rawRate, LEDGER_TARGET_RATIO) });

    if (!(await postgresReachable())) {
      report({
        name: 'ledger debit via the unit of work, PostgreSQL',
        value: 'skipped',
        note: 'no PostgreSQL at BENCH_DATABASE_URL',
      });
      return;
    }
    const postgres = await benchLedger({ kind: 'postgres', writers: PG_WRITERS, debits: LEDGER_DEBITS });
    report({
      name: `ledger debit via the unit of work, PostgreSQL, ${PG_WRITERS} writers`,
      value: `${Math.round(postgres.serviceRate)} /s`,
    });
    report({ name: '  raw pg, same statements', value: `${Math.round(postgres.rawRate)} /s` });
    report({ name: '  ratio to raw', value: formatRatio(postgres.serviceRate / postgres.rawRate, LEDGER_TARGET_RATIO) });
  },
};
