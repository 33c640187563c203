import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config/env';
import type { DatabaseHandle } from '../../apps/api/src/db/database';
import { lockNewPlayer, writeTransaction } from '../../apps/api/src/db/unit-of-work';
import { systemClock } from '../../apps/api/src/lib/clock';
import { createMoneyModule } from '../../apps/api/src/modules/money';
import { sandboxSignature } from '../../apps/api/src/modules/payments';
import { insertUser } from '../../apps/api/src/modules/users/users.repository';
import { prepareDatabase } from '../../apps/api/src/startup';
import { type BenchScenario, formatRatio, postgresCpuSeconds, type RunningServer } from './harness';
import { benchCustomer } from './wallet-ledger';

/**
 * docs/payments.md, "Performance": verified deposit callbacks credited per second — signed HTTP
 * callbacks to the real API (signature check, the event's row, the player's lock, the ledger
 * credit, the order's status) — against the raw driver doing the same inserts and balance update in
 * one transaction, on SQLite and on PostgreSQL with two API instances sharing the callbacks, each
 * API instance the built bundle `npm start` runs. PAYMENTS_BENCH_CALLBACKS sets how many are timed
 * (default 6,000; BENCH_SMOKE=1: 100, to show it runs), PAYMENTS_BENCH_DATABASES which databases
 * (default `sqlite,postgres`). Each side also prints its CPU per callback: on two cores the run is
 * CPU-bound, and the ratio follows those figures.
 */
const MEASURED = Number(process.env.PAYMENTS_BENCH_CALLBACKS ?? (process.env.BENCH_SMOKE === '1' ? 100 : 6_000));
const PLAYERS = 100;
/**
 * Sent first and not timed, on both paths: V8 and the database caches warm up. With 200, V8 was
 * still compiling the API's hot path well into the timed part (a tenth of each instance's CPU on
 * PostgreSQL), as it would not be in a server that has run for a while.
 */
const WARM_UP = Math.min(2_000, Math.max(20, Math.floor(MEASURED / 3)));
/** Every order a path credits: the warm-up's, then the measured ones. */
const CALLBACKS = WARM_UP + MEASURED;
/** Turns the timed callbacks are taken in, each side in turn. */
const SLICES = 3;
/** Callbacks in flight at once, as a gateway's senders would have them. */
const CONCURRENCY = 16;
const TARGET_RATIO = 0.5;
const SECRET = 'bench-sandbox-secret-0123456789abcdef';
const AMOUNT_PAISE = 10_000;

interface Target {
  kind: 'sqlite' | 'postgres';
  env: { DATABASE_URL: string; DATABASE_SCHEMA?: string };
  database: DatabaseHandle;
  drop(): Promise<void>;
}

async function openTarget(kind: 'sqlite' | 'postgres'): Promise<Target> {
  if (kind === 'sqlite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'casino-payments-bench-'));
    const env = { DATABASE_URL: `sqlite:${path.join(folder, 'payments.db')}` };
    const database = await prepareDatabase(loadConfig({ ...env, SEED_DEMO_DATA: '0', LOG_LEVEL: 'silent' }));
    return { kind, env, database, drop: async () => rmSync(folder, { recursive: true, force: true }) };
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `benchpay_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const env = { DATABASE_URL: url, DATABASE_SCHEMA: schema };
  const database = await prepareDatabase(loadConfig({ ...env, SEED_DEMO_DATA: '0', LOG_LEVEL: 'silent' }));
  return {
    kind,
    env,
    database,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** Players with their accounts, and one pending order per callback, spread over them. */
async function seedOrders(database: DatabaseHandle, prefix: string): Promise<{ orderId: string; userId: number }[]> {
  const { money } = createMoneyModule({ db: database.db, clock: systemClock });
  const players: number[] = [];
  for (let index = 0; index < PLAYERS; index += 1) {
    players.push(
      await writeTransaction(database.db, async (tx) => {
        const userId = await insertUser(tx, { ...benchCustomer(`${prefix}${index}`), is_signup_user: 1 });
        await lockNewPlayer(tx, userId);
        await money.setUpPlayer(tx, { userId, isDemo: false });
        return userId;
      }),
    );
  }
  const now = Date.now();
  const orders = Array.from({ length: CALLBACKS }, (_, index) => ({
    orderId: `D${prefix}${String(index).padStart(20, '0')}`.slice(0, 25),
    userId: players[index % PLAYERS] as number,
  }));
  for (let start = 0; start < orders.length; start += 200) {
    await database.db
      .insertInto('payment_deposits')
      .values(
        orders.slice(start, start + 200).map((order) => ({
          order_id: order.orderId,
          user_id: order.userId,
          amount: AMOUNT_PAISE,
          currency: 'INR',
          method: 'upi' as const,
          gateway: 'sandbox',
          status: 'pending' as const,
          provider_ref: null,
          redirect_url: null,
          ledger_transaction_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  return orders;
}

/** What a timed stretch of callbacks took: counts add up over the slices. */
interface Tally {
  items: number;
  seconds: number;
  /** CPU of the side that sends the statements: the API processes, or the raw driver's process. */
  clientCpuSeconds: number;
  /** CPU of every PostgreSQL process (nothing on SQLite). */
  postgresCpuSeconds: number;
}

const NO_TALLY: Tally = { items: 0, seconds: 0, clientCpuSeconds: 0, postgresCpuSeconds: 0 };

function addTally(a: Tally, b: Tally): Tally {
  return {
    items: a.items + b.items,
    seconds: a.seconds + b.seconds,
    clientCpuSeconds: a.clientCpuSeconds + b.clientCpuSeconds,
    postgresCpuSeconds: a.postgresCpuSeconds + b.postgresCpuSeconds,
  };
}

/** Runs `work` over every item with CONCURRENCY in flight, and tallies the time and CPU it took. */
async function timed<T>(
  items: T[],
  work: (item: T, index: number) => Promise<void>,
  clientCpuSeconds: () => number,
): Promise<Tally> {
  let next = 0;
  const cpuBefore = { client: clientCpuSeconds(), postgres: postgresCpuSeconds() };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        await work(items[index] as T, index);
      }
    }),
  );
  return {
    items: items.length,
    seconds: (performance.now() - started) / 1000,
    clientCpuSeconds: clientCpuSeconds() - cpuBefore.client,
    postgresCpuSeconds: postgresCpuSeconds() - cpuBefore.postgres,
  };
}

/** This process's CPU seconds (the raw driver runs here). */
function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * Callbacks go out over keep-alive connections with node:http, as a gateway's sender would keep
 * them. The bench's sender shares the machine's two cores with the API; `fetch` spent about
 * 1.5 ms of CPU per callback there (a third of a core on PostgreSQL), CPU a real gateway spends
 * on its own machine, and which the raw driver's run never pays.
 */
const callbackAgent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function sendCallback(server: RunningServer, orderId: string): Promise<void> {
  const raw = JSON.stringify({
    event_id: `evt_${orderId}`,
    type: 'payment.succeeded',
    order_id: orderId,
    amount_paise: AMOUNT_PAISE,
    currency: 'INR',
  });
  const target = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent: callbackAgent,
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path: '/api/payment/callback/sandbox',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(raw),
          'x-sandbox-signature': sandboxSignature(SECRET, raw, Math.floor(Date.now() / 1000)),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) resolve();
          else reject(new Error(`callback for ${orderId} answered ${response.statusCode}`));
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(raw);
  });
}

/** What one credited callback writes, by hand (SQLite: ? placeholders). */
const SQL = {
  playerLock: 'select pg_advisory_xact_lock(1, $1::int)',
  insertEvent:
    'insert into payment_events (gateway, event_id, type, target, outcome, received_at) values ($1, $2, $3, $4, $5, $6) on conflict do nothing',
  findOrder: 'select user_id, amount, currency, status from payment_deposits where order_id = $1',
  guardedUpdate:
    'update ledger_accounts set balance = balance + $1 where account_key = $2 and balance + $3 >= 0 returning id, balance, book',
  insertTransaction:
    'insert into ledger_transactions (kind, reference, book, user_id, session_id, note, reverses_transaction_id, subject, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id',
  insertOutbox: 'insert into outbox_events (topic, payload, created_at, published_at) values ($1, $2, $3, $4)',
  insertEntries:
    'insert into ledger_entries (transaction_id, account_id, book, amount, balance_after, created_at) values ($1, $2, $3, $4, $5, $6), ($7, $8, $9, $10, $11, $12)',
  markCredited:
    "update payment_deposits set status = 'credited', ledger_transaction_id = $1, updated_at = $2 where order_id = $3",
  gatewayId: "select id from ledger_accounts where account_key = 'payment_gateway:real'",
};
const toSqlite = (text: string) => text.replace(/\$\d+/g, '?');

interface RawCredit {
  credit(order: { orderId: string; userId: number }): Promise<void>;
  close(): Promise<void>;
}

function rawSqlite(url: string): RawCredit {
  const sqlite = new SQLite(url.slice('sqlite:'.length));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.function('app_user_changed', { deterministic: false }, (userId) => userId as number);
  const statements = Object.fromEntries(
    Object.entries(SQL)
      .filter(([name]) => name !== 'playerLock')
      .map(([name, text]) => [name, sqlite.prepare(toSqlite(text))]),
  ) as Record<Exclude<keyof typeof SQL, 'playerLock'>, SQLite.Statement>;
  const gatewayId = (statements.gatewayId.get() as { id: number }).id;
  const credit = sqlite.transaction(({ orderId, userId }: { orderId: string; userId: number }) => {
    const now = Date.now();
    statements.insertEvent.run('sandbox', `evt_${orderId}`, 'payment.succeeded', `order:${orderId}`, 'credited', now);
    statements.findOrder.get(orderId);
    const row = statements.guardedUpdate.get(AMOUNT_PAISE, `u:${userId}:cash`, AMOUNT_PAISE) as {
      id: number;
      balance: number;
      book: string;
    };
    const tx = statements.insertTransaction.get(
      'deposit_credit',
      `deposit:${orderId}`,
      row.book,
      userId,
      null,
      'deposit through sandbox',
      null,
      `payment:deposit:${orderId}`,
      now,
    ) as { id: number };
    statements.insertOutbox.run('balance.changed', JSON.stringify({ user_ids: [userId], transaction_id: tx.id }), now, null);
    statements.insertEntries.run(
      tx.id,
      row.id,
      row.book,
      AMOUNT_PAISE,
      row.balance,
      now,
      tx.id,
      gatewayId,
      row.book,
      -AMOUNT_PAISE,
      null,
      now,
    );
    statements.markCredited.run(tx.id, now, orderId);
  });
  return { credit: async (order) => credit.immediate(order), close: async () => void sqlite.close() };
}

async function rawPostgres(url: string, schema: string): Promise<RawCredit> {
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY, options: `-c search_path=${schema}` });
  const gatewayId = Number((await pool.query(SQL.gatewayId)).rows[0].id);
  return {
    async credit({ orderId, userId }) {
      const client = await pool.connect();
      try {
        const now = Date.now();
        await client.query('begin');
        await client.query(SQL.playerLock, [userId]);
        await client.query(SQL.insertEvent, [
          'sandbox',
          `evt_${orderId}`,
          'payment.succeeded',
          `order:${orderId}`,
          'credited',
          now,
        ]);
        await client.query(SQL.findOrder, [orderId]);
        const { rows } = await client.query(SQL.guardedUpdate, [AMOUNT_PAISE, `u:${userId}:cash`, AMOUNT_PAISE]);
        const row = rows[0] as { id: string; balance: string; book: string };
        const tx = await client.query(SQL.insertTransaction, [
          'deposit_credit',
          `deposit:${orderId}`,
          row.book,
          userId,
          null,
          'deposit through sandbox',
          null,
          `payment:deposit:${orderId}`,
          now,
        ]);
        const txId = tx.rows[0].id as string;
        await client.query(SQL.insertOutbox, [
          'balance.changed',
          JSON.stringify({ user_ids: [userId], transaction_id: Number(txId) }),
          now,
          null,
        ]);
        await client.query(SQL.insertEntries, [
          txId,
          row.id,
          row.book,
          AMOUNT_PAISE,
          row.balance,
          now,
          txId,
          gatewayId,
          row.book,
          -AMOUNT_PAISE,
          null,
          now,
        ]);
        await client.query(SQL.markCredited, [txId, now, orderId]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function postgresReachable(): Promise<boolean> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export const paymentsScenario: BenchScenario = {
  name: 'payments: verified deposit callbacks credited vs the raw driver',
  async run({ startApi, report }) {
    for (const kind of (process.env.PAYMENTS_BENCH_DATABASES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[]) {
      if (kind === 'postgres' && !(await postgresReachable())) {
        report({ name: 'deposit callbacks, PostgreSQL', value: 'skipped', note: 'no PostgreSQL at BENCH_DATABASE_URL' });
        continue;
      }
      const service = await openTarget(kind);
      const raw = await openTarget(kind);
      try {
        const serviceOrders = await seedOrders(service.database, 'S');
        const rawOrders = await seedOrders(raw.database, 'R');
        await service.database.close();
        await raw.database.close();
        const env = { ...service.env, PAYMENT_SANDBOX_SECRET: SECRET, JOBS_ENABLED: '0', FEED: 'none' };
        // SQLite runs one API process (ADR 0009); PostgreSQL two, sharing the callbacks.
        const servers = [await startApi(env, { built: true })];
        if (kind === 'postgres') servers.push(await startApi(env, { built: true }));
        const send = (order: { orderId: string }, index: number) =>
          sendCallback(servers[index % servers.length] as RunningServer, order.orderId);
        const serversCpuSeconds = () => servers.reduce((sum, server) => sum + server.cpuSeconds(), 0);
        const driver =
          kind === 'sqlite'
            ? rawSqlite(raw.env.DATABASE_URL)
            : await rawPostgres(raw.env.DATABASE_URL, raw.env.DATABASE_SCHEMA as string);
        const credit = (order: { orderId: string; userId: number }) => driver.credit(order);
        await timed(serviceOrders.slice(0, WARM_UP), send, serversCpuSeconds);
        await timed(rawOrders.slice(0, WARM_UP), credit, ownCpuSeconds);
        // The two sides take turns, so that a machine that slows down or speeds up during the run
        // (a shared virtual machine does) weighs on both alike.
        let ours = NO_TALLY;
        let theirs = NO_TALLY;
        const slice = Math.ceil(MEASURED / SLICES);
        for (let start = WARM_UP; start < CALLBACKS; start += slice) {
          ours = addTally(ours, await timed(serviceOrders.slice(start, start + slice), send, serversCpuSeconds));
          theirs = addTally(theirs, await timed(rawOrders.slice(start, start + slice), credit, ownCpuSeconds));
        }
        for (const server of servers) await server.stop();
        callbackAgent.destroy();
        await driver.close();
        const label = kind === 'sqlite' ? 'SQLite, 1 instance' : 'PostgreSQL, 2 instances';
        const rate = (tally: Tally) => tally.items / tally.seconds;
        const cpu = (tally: Tally) => {
          const perCallback = (seconds: number) => ((seconds * 1000) / tally.items).toFixed(2);
          return (
            `CPU ${perCallback(tally.clientCpuSeconds)} ms a callback` +
            (kind === 'postgres' ? ` (+ PostgreSQL ${perCallback(tally.postgresCpuSeconds)} ms)` : '')
          );
        };
        report({
          name: `deposit callbacks credited, ${label}`,
          value: `${Math.round(rate(ours))} /s`,
          note: `${MEASURED} in ${SLICES} turns after ${WARM_UP} untimed, ${CONCURRENCY} at once; API ${cpu(ours)}`,
        });
        report({
          name: `  raw ${kind === 'sqlite' ? 'better-sqlite3' : 'pg'}, same writes`,
          value: `${Math.round(rate(theirs))} /s`,
          note: `driver ${cpu(theirs)}`,
        });
        report({ name: '  ratio to raw', value: formatRatio(rate(ours) / rate(theirs), TARGET_RATIO) });
      } finally {
        await service.drop();
        await raw.drop();
      }
    }
  },
};
