import SQLite from 'better-sqlite3';
import { type KyselyPlugin, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, parseDatabaseUrl } from '../src/config/env';
import { type DatabaseHandle, type Db, openDatabase } from '../src/db/database';
import { createUserCache, HOT_COPIES } from '../src/db/user-cache';
import { sqliteUserChanges, userChangedColumn, userChangesChannel } from '../src/db/user-changes';
import { lockNewPlayer, type Tx } from '../src/db/unit-of-work';
import { userAccountKey } from '../src/modules/ledger/ledger.repository';
import { createLedger } from '../src/modules/ledger/ledger.service';
import { endSessionRow, endUserSessionRows, insertSession, setCurrentSession } from '../src/modules/sessions/sessions.repository';
import { createSessionsService } from '../src/modules/sessions/sessions.service';
import { insertUser, setUserDisabled, updatePasswordHash } from '../src/modules/users/users.repository';
import { CUSTOMER_USER_TYPE, userNameKey } from '../src/modules/users/users.service';
import { createMoney } from '../src/modules/money/money.service';
import { upsertActiveWallet } from '../src/modules/money/wallet.repository';
import { createWalletService } from '../src/modules/money/wallet.service';
import { prepareDatabase } from '../src/startup';
import { type ManualClock, manualClock } from './accounts-support';
import { createTestDatabase, type TestDatabase, testDatabaseKind, withoutNotifyTriggers } from './test-app';
import { creditFromHouse, moneyServices } from './wallet-support';

/**
 * Change notices (src/db/user-changes.ts, docs/adr/0006-hot-reads-from-memory.md): this process
 * hears a writer's notice when its transaction commits, never on rollback; every writer of a
 * copied field notices; the caches take their ticket before they read.
 */
const isPostgres = testDatabaseKind() === 'postgres';
const NOTIFY_DEADLINE_MS = 2_000;
const ROLLBACK_WAIT_MS = 200;
/** A user id no row has: heard back through NOTIFY, it proves every earlier NOTIFY was delivered. */
const DRAIN_SENTINEL = -1;

let testDb: TestDatabase;
let handle: DatabaseHandle;
let db: Db;
let clock: ManualClock;
const heard: (number | null)[] = [];
let playerCount = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  clock = manualClock();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: '0', ...testDb.env });
  handle = await prepareDatabase(config, clock);
  db = handle.db;
  handle.userChanges.subscribe((userId) => heard.push(userId));
  // PostgreSQL: the feed connects its LISTEN on the first subscribe.
  await vi.waitFor(() => expect(handle.userChanges.live).toBe(true), { timeout: 5_000 });
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

beforeEach(async () => drainNotices());

/**
 * PostgreSQL: waits until the NOTIFYs of earlier writes (set-up included) have arrived, so that
 * none lands inside the window a test records; then forgets everything heard.
 */
async function drainNotices(): Promise<void> {
  if (isPostgres) {
    const { name } = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0] as { name: string };
    await sql`select pg_notify(${userChangesChannel(name)}, ${String(DRAIN_SENTINEL)})`.execute(db);
    await vi.waitFor(() => expect(heard).toContain(DRAIN_SENTINEL), { timeout: NOTIFY_DEADLINE_MS });
  }
  heard.length = 0;
}

/** A customer with its ledger accounts. */
async function addPlayer(): Promise<number> {
  playerCount += 1;
  const name = `notice${playerCount}`;
  return db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, {
      user_name: name,
      user_name_key: userNameKey(name),
      password_hash: '!',
      user_type_id: CUSTOMER_USER_TYPE,
      parent_id: null,
      mobile: null,
      email: null,
      is_demo: 0,
      created_at: clock.now(),
      current_session_id: null,
      referred_by: null,
    });
    await createLedger(clock).openUserAccounts(trx, userId);
    return userId;
  });
}

async function addSession(userId: number, options: { current: boolean }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const sessionId = await insertSession(trx, {
      user_id: userId,
      token_hash: `hash-${userId}-${Math.random()}`,
      created_at: clock.now(),
      last_seen_at: clock.now(),
      ip: '127.0.0.1',
      user_agent: 'vitest',
    });
    if (options.current) await setCurrentSession(trx, userId, sessionId);
    return sessionId;
  });
}

/** Simulates another writer's notice for `userId` arriving while a read through it is in flight. */
function noticeDuringRead(userId: number): KyselyPlugin {
  return {
    transformQuery: (args) => args.node,
    async transformResult(args) {
      handle.userChanges.report(userId);
      return args.result;
    },
  };
}

describe('the driver wrapper', () => {
  it('reports a write in a transaction when the transaction commits, not before', async () => {
    const userId = await addPlayer();
    await drainNotices();
    await db.transaction().execute(async (trx) => {
      await withoutNotifyTriggers(trx);
      await setUserDisabled(trx, userId, true);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([userId]);
  });

  it('never reports a write of a transaction that rolls back', async () => {
    const userId = await addPlayer();
    await drainNotices();
    const failure = new Error('rolled back on purpose');
    await expect(
      db.transaction().execute(async (trx) => {
        await setUserDisabled(trx, userId, true);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(heard).not.toContain(userId);
    // PostgreSQL: the trigger's NOTIFY is discarded with the rollback.
    if (isPostgres) await new Promise((resolve) => setTimeout(resolve, ROLLBACK_WAIT_MS));
    expect(heard).not.toContain(userId);
  });

  it('reports a write outside a transaction as soon as it resolves', async () => {
    const userId = await addPlayer();
    await drainNotices();
    const report = vi.spyOn(handle.userChanges, 'report');
    try {
      await setUserDisabled(db, userId, true);
      expect(heard).toContain(userId);
      // From the RETURNING notice, not a NOTIFY that happened to come first.
      expect(report).toHaveBeenCalledWith(userId);
    } finally {
      report.mockRestore();
    }
  });
});

interface WriterCase {
  name: string;
  /** Set-up before the recorded window; returns what the write needs. */
  prepare(userId: number): Promise<{ sessionId?: number }>;
  write(trx: Tx, userId: number, prepared: { sessionId?: number }): Promise<void>;
}

const walletModule = () => moneyServices(db, clock);

const writers: WriterCase[] = [
  {
    name: 'setCurrentSession',
    prepare: async (userId) => ({ sessionId: await addSession(userId, { current: false }) }),
    write: (trx, userId, { sessionId }) => setCurrentSession(trx, userId, sessionId ?? -1),
  },
  {
    name: 'endSessionRow (the current session)',
    prepare: async (userId) => ({ sessionId: await addSession(userId, { current: true }) }),
    write: (trx, _userId, { sessionId }) => endSessionRow(trx, sessionId ?? -1, clock.now(), 'logout'),
  },
  {
    name: 'endUserSessionRows',
    prepare: async (userId) => ({ sessionId: await addSession(userId, { current: true }) }),
    write: (trx, userId) => endUserSessionRows(trx, userId, clock.now(), 'password_changed'),
  },
  {
    name: 'updatePasswordHash',
    prepare: async () => ({}),
    write: (trx, userId) => updatePasswordHash(trx, userId, '!changed', { mustChangePassword: true }),
  },
  {
    name: 'setUserDisabled',
    prepare: async () => ({}),
    write: (trx, userId) => setUserDisabled(trx, userId, true),
  },
  {
    name: 'upsertActiveWallet',
    prepare: async () => ({}),
    write: (trx, userId) => upsertActiveWallet(trx, userId, 1, clock.now()),
  },
  {
    name: 'ledger transfer (house to cash)',
    prepare: async () => ({}),
    write: async (trx, userId) => {
      // The player was added for this case alone: nobody else can hold their money lock.
      await lockNewPlayer(trx, userId);
      await creditFromHouse(walletModule().money, trx, userId, 10_000, 'notice test');
    },
  },
];

describe('every writer of a copied field notices', () => {
  it.each(writers)('$name is heard when its transaction commits', async ({ prepare, write }) => {
    const userId = await addPlayer();
    const prepared = await prepare(userId);
    await drainNotices();
    await db.transaction().execute(async (trx) => {
      await withoutNotifyTriggers(trx);
      await write(trx, userId, prepared);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([userId]);
  });
});

describe('the caches take their ticket before reading', () => {
  it('getBalance keeps no copy when a notice arrives during its read', async () => {
    const userId = await addPlayer();
    const money = createMoney(clock, createLedger(clock));
    await drainNotices();
    const raced = createWalletService(db.withPlugin(noticeDuringRead(userId)), clock, money, handle.userChanges);
    await raced.getBalance(userId);
    expect(raced.balanceCopy(userId)).toBeUndefined();
  });

  it('getBalance keeps a copy when no notice arrives (control)', async () => {
    const userId = await addPlayer();
    const money = createMoney(clock, createLedger(clock));
    await drainNotices();
    const wallet = createWalletService(db, clock, money, handle.userChanges);
    const balance = await wallet.getBalance(userId);
    expect(wallet.balanceCopy(userId)).toEqual(balance);
  });

  async function startSession(userId: number): Promise<string> {
    const starter = createSessionsService(db, clock, { idleMinutes: 30 });
    const { token } = await db
      .transaction()
      .execute((trx) => starter.start(trx, userId, { ip: '127.0.0.1', userAgent: 'vitest' }));
    return token;
  }

  it('resolve keeps no copy when a notice arrives during its read', async () => {
    const userId = await addPlayer();
    const token = await startSession(userId);
    await drainNotices();
    const sessions = createSessionsService(db.withPlugin(noticeDuringRead(userId)), clock, {
      idleMinutes: 30,
      copies: createUserCache(handle.userChanges, clock, HOT_COPIES),
    });
    await sessions.resolve(token, { countsAsActivity: false });
    expect(sessions.copyOf(token)).toBeUndefined();
  });

  it('resolve keeps a copy when no notice arrives (control)', async () => {
    const userId = await addPlayer();
    const token = await startSession(userId);
    await drainNotices();
    const sessions = createSessionsService(db, clock, {
      idleMinutes: 30,
      copies: createUserCache(handle.userChanges, clock, HOT_COPIES),
    });
    const user = await sessions.resolve(token, { countsAsActivity: false });
    expect(sessions.copyOf(token)).toEqual(user);
  });
});

describe.skipIf(!isPostgres)('PostgreSQL: the writing process tells the others', () => {
  it('a process that keeps no copies tells its changes over one connection it keeps, not one per notice', async () => {
    const players = [await addPlayer(), await addPlayer(), await addPlayer(), await addPlayer()];
    await drainNotices();
    // The admin CLI's kind of handle: it writes and never subscribes, so it has no listener.
    const cli = openDatabase(testDb.env.DATABASE_URL ?? '', { schema: testDb.env.DATABASE_SCHEMA ?? '' });
    const touch = (userId: number) =>
      cli.db
        .updateTable('ledger_accounts')
        .set({ balance: 100 })
        .where('account_key', '=', userAccountKey(userId, 'cash'))
        .returning(userChangedColumn('owner_user_id'))
        .execute();
    const connects = vi.spyOn(pg.Client.prototype, 'connect');
    try {
      await touch(players[0] as number);
      await vi.waitFor(() => expect(heard).toContain(players[0]), { timeout: NOTIFY_DEADLINE_MS });
      connects.mockClear();
      // Each write told on its own (its call waits for its NOTIFY): every one heard, and no new connection.
      for (const userId of players.slice(1)) {
        await touch(userId);
        await vi.waitFor(() => expect(heard).toContain(userId), { timeout: NOTIFY_DEADLINE_MS });
      }
      expect(connects).not.toHaveBeenCalled();
    } finally {
      connects.mockRestore();
      await cli.close();
    }
  });

  it('a write returns only once its notice is committed: another process that catches up has heard it', async () => {
    const userId = await addPlayer();
    const other = openDatabase(testDb.env.DATABASE_URL ?? '', { schema: testDb.env.DATABASE_SCHEMA ?? '' });
    const otherHeard: (number | null)[] = [];
    other.userChanges.subscribe((id) => otherHeard.push(id));
    try {
      await vi.waitFor(() => expect(other.userChanges.live).toBe(true), { timeout: 5_000 });
      // No waiting, no polling: the write's own call waited for its NOTIFY, and catching up waits
      // for a NOTIFY of the other process's own, which PostgreSQL delivers after every earlier one.
      await setUserDisabled(db, userId, true);
      await other.userChanges.whenCaughtUp();
      expect(otherHeard).toContain(userId);
      // The same for a write in a transaction: told once it commits, before its call returns.
      const walletUser = await addPlayer();
      await db.transaction().execute((trx) => upsertActiveWallet(trx, walletUser, 2, clock.now()));
      await other.userChanges.whenCaughtUp();
      expect(otherHeard).toContain(walletUser);
    } finally {
      await other.close();
    }
  });

  it('calls that catch up while a barrier is out share the next one, and every one settles', async () => {
    const waits = Array.from({ length: 50 }, () => handle.userChanges.whenCaughtUp());
    expect(waits.every((wait) => wait instanceof Promise)).toBe(true);
    // The first sends a barrier; the 49 that came while it was out wait for one more.
    expect(new Set(waits.slice(1)).size).toBe(1);
    await Promise.all(waits);
  });

  it('no trigger tells anyone: a session column changed by hand in SQL is heard by no process', async () => {
    const userId = await addPlayer();
    await drainNotices();
    await db.updateTable('users').set({ is_disabled: 1 }).where('id', '=', userId).execute();
    // Everything committed before this is heard once it settles.
    await handle.userChanges.whenCaughtUp();
    expect(heard).not.toContain(userId);
    const triggers = await sql<{ name: string }>`
      select t.tgname as name from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname = current_schema()`.execute(db);
    expect(triggers.rows.map((row) => row.name).filter((name) => name.endsWith('_user_changed'))).toEqual([]);
  });

  it('a balance change is told to other processes after its commit, not by a trigger inside it', async () => {
    const userId = await addPlayer();
    // Another API instance on the same database, listening.
    const other = openDatabase(testDb.env.DATABASE_URL ?? '', { schema: testDb.env.DATABASE_SCHEMA ?? '' });
    const otherHeard: (number | null)[] = [];
    other.userChanges.subscribe((id) => otherHeard.push(id));
    try {
      await vi.waitFor(() => expect(other.userChanges.live).toBe(true), { timeout: 5_000 });
      // A hand-run SQL fix of a balance is heard by nobody (no trigger: money commits stay fast) ...
      await db
        .updateTable('ledger_accounts')
        .set({ balance: 12_345 })
        .where('account_key', '=', userAccountKey(userId, 'cash'))
        .execute();
      await drainNotices();
      await vi.waitFor(() => expect(otherHeard).toContain(DRAIN_SENTINEL), { timeout: NOTIFY_DEADLINE_MS });
      expect(otherHeard).not.toContain(userId);
      // ... while a write that reports its user is told to every listener once it commits.
      await db
        .updateTable('ledger_accounts')
        .set({ balance: 12_000 })
        .where('account_key', '=', userAccountKey(userId, 'cash'))
        .returning(userChangedColumn('owner_user_id'))
        .execute();
      await vi.waitFor(() => expect(otherHeard).toContain(userId), { timeout: NOTIFY_DEADLINE_MS });
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(isPostgres)('SQLite: another connection’s commits are heard through data_version', () => {
  /** Another process writing the file (the admin CLI), synchronous so it can land between two calls. */
  function otherWriter(): SQLite.Database {
    const target = parseDatabaseUrl(testDb.env.DATABASE_URL ?? '');
    if (target.kind !== 'sqlite') throw new Error('a SQLite test database was expected');
    const other = new SQLite(target.file);
    other.pragma('busy_timeout = 5000');
    return other;
  }

  it('calls of one turn share one look, taken after the last of them: a commit between two calls is heard', async () => {
    const userId = await addPlayer();
    const other = otherWriter();
    try {
      const first = handle.userChanges.whenCaughtUp();
      other.prepare('update users set is_disabled = 1 where id = ?').run(userId);
      const second = handle.userChanges.whenCaughtUp();
      expect(first).toBeInstanceOf(Promise);
      expect(second).toBe(first);
      expect(heard).toEqual([]);
      await second;
      expect(heard).toEqual([null]);
      // A call after the look gets a look of its own, which hears a commit made since.
      heard.length = 0;
      other.prepare('update users set is_disabled = 0 where id = ?').run(userId);
      const third = handle.userChanges.whenCaughtUp();
      expect(third).not.toBe(first);
      await third;
      expect(heard).toEqual([null]);
    } finally {
      other.close();
    }
  });

  it('a look that fails (the file closed) drops every copy and still settles', async () => {
    const connection = new SQLite(':memory:');
    const feed = sqliteUserChanges(connection);
    const dropped: (number | null)[] = [];
    feed.subscribe((userId) => dropped.push(userId));
    connection.close();
    await feed.whenCaughtUp();
    expect(dropped).toEqual([null]);
  });
});
