import { randomUUID } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { type AliasedRawBuilder, type DatabaseConnection, type Dialect, type Driver, type QueryResult, sql } from 'kysely';
import pg from 'pg';

/**
 * Notices that a user's session or balance changed, heard by every process that keeps copies of
 * them in memory (docs/adr/0006-hot-reads-from-memory.md).
 *
 * Writers say it in SQL, inside the writing statement: every UPDATE of a field a copy is made of
 * returns `userChangedColumn(...)`, the column `user_changed` = `app_user_changed(user_id)`.
 * - This process hears its own changes from those RETURNING rows: `reportingChanges` wraps the
 *   database driver and reports them as soon as the COMMIT returns (at once for a statement
 *   outside a transaction), before the caller goes on; never for a rollback.
 * - Other processes, PostgreSQL: triggers (migration 0005) send NOTIFY on a channel of the
 *   schema for every change of a copied session or user column, whoever makes it. Balances have
 *   no trigger (migration 0006: a notifying transaction's COMMIT takes a database-wide lock, which
 *   serialised every money transaction); instead the writing process sends the ids it reported
 *   in one NOTIFY after the commit. A balance changed by hand in SQL is heard by no copy: copies
 *   live 60 s at most. A heartbeat through the same channel proves the listener still hears.
 * - Other processes, SQLite (the admin CLI writing the same file): `PRAGMA data_version`, checked
 *   by `catchUp()` at most once a millisecond; a change there drops everything.
 * The function `app_user_changed` only returns its argument, on both databases.
 */
export type UserChangeListener = (userId: number | null) => void;

export interface UserChangeFeed {
  /** `null` means anything may have changed (a notice could have been missed). */
  subscribe(listener: UserChangeListener): void;
  /** This process committed a change of the user (called by the driver wrapper). */
  report(userId: number): void;
  /** False while a notice could be missed (PostgreSQL: the listener is reconnecting): serve no copies. */
  readonly live: boolean;
  /** Hears commits of other processes where that needs asking (SQLite); cheap enough for every read. */
  catchUp(): void;
  /** Where a lost listener connection is reported (PostgreSQL). */
  onError(handler: (error: Error) => void): void;
  close(): Promise<void>;
}

export const USER_CHANGED_FUNCTION = 'app_user_changed';
/** PostgreSQL channel prefix; the schema completes it, so parallel test schemas do not hear each other. */
const CHANNEL_PREFIX = 'user_changed:';

/** The PostgreSQL channel of a schema's change notices (also the listener's application_name). */
export function userChangesChannel(schema: string): string {
  return CHANNEL_PREFIX + schema;
}
const RECONNECT_DELAY_MS = 1_000;
/** The listener proves it still hears every this often; a ping unheard for as long drops it. */
const HEARTBEAT_MS = 2_000;
const PING = 'ping';
/** Marks a NOTIFY sent by a process after its commit: `s:<sender>:<ids>` (triggers send bare ids). */
const SENDER_MARK = 's:';
/** How long commits' notices gather before one NOTIFY tells other processes. */
const NOTIFY_BATCH_MS = 5;
/** User ids per NOTIFY payload (payloads stop at 8,000 bytes). */
const NOTIFY_IDS_PER_MESSAGE = 400;

/** The RETURNING column that tells every cache the row's user changed (see the module comment). */
export function userChangedColumn(userIdColumn: string): AliasedRawBuilder<number, 'user_changed'> {
  return sql<number>`${sql.raw(USER_CHANGED_FUNCTION)}(${sql.ref(userIdColumn)})`.as('user_changed');
}

/**
 * The PostgreSQL side, created by migration 0005: the function, and a trigger per table that
 * notifies with the user id of every changed row. `columns` are those a copy is made of.
 */
const NOTIFIED_TABLES = [
  // ledger_accounts had one too; migration 0006 drops it (no NOTIFY inside money transactions).
  { table: 'ledger_accounts', userColumn: 'owner_user_id', columns: ['balance'] },
  { table: 'wallet_status', userColumn: 'user_id', columns: ['active_wallet'] },
  { table: 'sessions', userColumn: 'user_id', columns: ['ended_at'] },
  {
    table: 'users',
    userColumn: 'id',
    columns: ['current_session_id', 'is_disabled', 'is_change_password', 'password_hash'],
  },
] as const;

export const postgresUserChangeStatements = [
  sql`create function ${sql.raw(USER_CHANGED_FUNCTION)}(user_id bigint) returns bigint language sql immutable
    as 'select user_id'`,
  sql`create function app_notify_user_changed() returns trigger language plpgsql as $$
    declare
      user_id text := coalesce(to_jsonb(new), to_jsonb(old)) ->> tg_argv[0];
    begin
      if user_id is not null then
        perform pg_notify(${sql.raw(`'${CHANNEL_PREFIX}'`)} || current_schema(), user_id);
      end if;
      return null;
    end $$`,
  ...NOTIFIED_TABLES.map(({ table, userColumn, columns }) =>
    sql.raw(
      `create trigger ${table}_user_changed after insert or update of ${columns.join(', ')} or delete on ${table} ` +
        `for each row execute function app_notify_user_changed('${userColumn}')`,
    ),
  ),
];

class Listeners {
  private readonly listeners: UserChangeListener[] = [];
  add(listener: UserChangeListener): void {
    this.listeners.push(listener);
  }
  emit(userId: number | null): void {
    for (const listener of this.listeners) listener(userId);
  }
}

/** Registers the notice function on a SQLite connection and hears the commits of other processes. */
export function sqliteUserChanges(connection: SQLite.Database, reader?: SQLite.Database): UserChangeFeed {
  const listeners = new Listeners();
  // On the reader too: it prepares every statement to see whether it only reads.
  for (const each of [connection, reader])
    each?.function(USER_CHANGED_FUNCTION, { deterministic: false }, (userId) => userId as number);
  const dataVersion = connection.prepare('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get();
  let checkedAt = performance.now();
  return {
    live: true,
    subscribe(listener) {
      listeners.add(listener);
    },
    report: (userId) => listeners.emit(userId),
    onError() {},
    catchUp() {
      const now = performance.now();
      if (now - checkedAt < 1) return;
      checkedAt = now;
      const version = dataVersion.get();
      if (version !== seenVersion) {
        seenVersion = version;
        listeners.emit(null);
      }
    },
    async close() {},
  };
}

/**
 * Hears NOTIFY on a dedicated connection, opened on the first subscribe and reopened when it drops.
 * Until it listens the feed is not live, and every listener hears `null` when it drops.
 */
export function postgresUserChanges(config: pg.ClientConfig): UserChangeFeed {
  const listeners = new Listeners();
  let onError: (error: Error) => void = () => undefined;
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let started = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  /** A ping was sent and not heard yet (anyone's ping heard proves the listener hears). */
  let pingOut = false;

  const lost = (error?: Error) => {
    if (error) onError(error);
    live = false;
    listeners.emit(null);
    clearInterval(heartbeat);
    pingOut = false;
    client?.removeAllListeners();
    void client?.end().catch(() => undefined);
    client = undefined;
    if (!closed && !retry) retry = setTimeout(() => void connect().catch(lost), RECONNECT_DELAY_MS);
  };

  const senderId = randomUUID().slice(0, 8);
  const toTell = new Set<number>();
  let telling = false;
  /** The notices on their way: close() waits for them (the admin CLI exits right after). */
  let told: Promise<void> = Promise.resolve();
  const tell = () => {
    telling = false;
    const ids = [...toTell];
    toTell.clear();
    if (ids.length === 0) return;
    const payloads: string[] = [];
    for (let start = 0; start < ids.length; start += NOTIFY_IDS_PER_MESSAGE) {
      payloads.push(`${SENDER_MARK}${senderId}:${ids.slice(start, start + NOTIFY_IDS_PER_MESSAGE).join(',')}`);
    }
    const listener = live ? client : undefined;
    told = told.then(async () => {
      if (listener && channelName) {
        for (const payload of payloads) await listener.query('select pg_notify($1, $2)', [channelName, payload]).catch(lost);
        return;
      }
      // A process that keeps no copies (the admin CLI) has no listener: a connection of its own
      // tells, kept for the next notices (one per batch would cost PostgreSQL a new backend
      // process every 5 ms while the process writes).
      try {
        const { client: teller, channel } = await tellerConnection();
        for (const payload of payloads) await teller.query('select pg_notify($1, $2)', [channel, payload]);
      } catch (error) {
        onError(error as Error);
        await dropTeller();
      }
    });
  };
  /** The connection that tells while no listener is live; opened on first need. */
  let teller: { client: pg.Client; channel: string } | undefined;
  async function tellerConnection(): Promise<{ client: pg.Client; channel: string }> {
    if (teller) return teller;
    const next = new pg.Client(config);
    // A connection that drops between batches is opened anew by the next one.
    next.on('error', () => {
      if (teller?.client === next) teller = undefined;
    });
    await next.connect();
    const schema = (await next.query<{ name: string }>('select current_schema() as name')).rows[0]?.name ?? 'public';
    teller = { client: next, channel: userChangesChannel(schema) };
    return teller;
  }
  async function dropTeller(): Promise<void> {
    const current = teller;
    teller = undefined;
    await current?.client.end().catch(() => undefined);
  }
  let channelName: string | undefined;

  async function connect(): Promise<void> {
    retry = undefined;
    // keepAlive: the kernel notices a dead peer; the heartbeat notices a listener that hears nothing.
    const next = new pg.Client({ ...config, keepAlive: true });
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.payload === PING) {
        pingOut = false;
        return;
      }
      let payload = message.payload ?? '';
      // This process's own notices (already heard locally at commit) come back: skip them.
      if (payload.startsWith(SENDER_MARK)) {
        const end = payload.indexOf(':', SENDER_MARK.length);
        if (payload.slice(SENDER_MARK.length, end) === senderId) return;
        payload = payload.slice(end + 1);
      }
      for (const part of payload.split(',')) {
        const userId = Number(part);
        listeners.emit(Number.isSafeInteger(userId) ? userId : null);
      }
    });
    client = next;
    await next.connect();
    const schema = (await next.query<{ name: string }>('select current_schema() as name')).rows[0]?.name ?? 'public';
    const channel = userChangesChannel(schema);
    channelName = channel;
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    // Named after its channel, so that operators can see it in pg_stat_activity.
    await next.query(`select set_config('application_name', $1, false)`, [channel]);
    if (closed) return;
    // Copies made before the connection dropped may have missed notices.
    listeners.emit(null);
    live = true;
    heartbeat = setInterval(() => {
      if (pingOut) return lost(new Error(`change listener heard no ping for ${HEARTBEAT_MS} ms`));
      pingOut = true;
      next.query('select pg_notify($1, $2)', [channel, PING]).catch(lost);
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (started) return;
      started = true;
      void connect().catch(lost);
    },
    report(userId) {
      listeners.emit(userId);
      // Other instances hear it from a NOTIFY sent after the commit, batched per tick, on the
      // listener's own connection: never inside the money transaction (see migration 0006).
      toTell.add(userId);
      if (!telling) {
        telling = true;
        // Batched: one NOTIFY per few milliseconds however many commits, not one per commit.
        setTimeout(tell, NOTIFY_BATCH_MS);
      }
    },
    catchUp() {},
    onError(handler) {
      onError = handler;
    },
    async close() {
      if (telling) tell();
      await told;
      await dropTeller();
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      clearInterval(heartbeat);
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      await current?.end().catch(() => undefined);
    },
  };
}

/** A connection that collects the `user_changed` values of its statements until the commit. */
class ReportingConnection implements DatabaseConnection {
  inTransaction = false;
  private readonly changed = new Set<number>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly feed: UserChangeFeed,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    const first = result.rows[0] as { user_changed?: unknown } | undefined;
    if (first?.user_changed !== undefined) {
      for (const row of result.rows as { user_changed: unknown }[]) {
        const userId = Number(row.user_changed);
        if (this.inTransaction) this.changed.add(userId);
        else this.feed.report(userId);
      }
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  settle(committed: boolean): void {
    if (committed) for (const userId of this.changed) this.feed.report(userId);
    this.changed.clear();
    this.inTransaction = false;
  }
}

export interface DriverOptions {
  /** Runs before a root-handle query takes a connection (the unit of work's nested-use check). */
  beforeAcquire?: () => void;
}

/**
 * The dialect with its driver wrapped so that this process hears its own changes when they
 * commit: on PostgreSQL its NOTIFY arrives only later, and a poll answered in between would
 * show the old balance to the player who just changed it.
 */
export function reportingChanges(dialect: Dialect, feed: UserChangeFeed, options: DriverOptions = {}): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const inner = dialect.createDriver();
      const unwrap = (connection: DatabaseConnection) => (connection as ReportingConnection).inner;
      return {
        init: () => inner.init(),
        destroy: () => inner.destroy(),
        acquireConnection: async () => {
          options.beforeAcquire?.();
          return new ReportingConnection(await inner.acquireConnection(), feed);
        },
        releaseConnection: (connection) => inner.releaseConnection(unwrap(connection)),
        async beginTransaction(connection, settings) {
          await inner.beginTransaction(unwrap(connection), settings);
          (connection as ReportingConnection).inTransaction = true;
        },
        async commitTransaction(connection) {
          await inner.commitTransaction(unwrap(connection));
          (connection as ReportingConnection).settle(true);
        },
        async rollbackTransaction(connection) {
          try {
            await inner.rollbackTransaction(unwrap(connection));
          } finally {
            (connection as ReportingConnection).settle(false);
          }
        },
        // Savepoints (nested transactions) pass through; a change rolled back to one is reported
        // anyway at the commit, which only drops a copy that was still good.
        ...(inner.savepoint && {
          savepoint: (connection, name, compile) => inner.savepoint?.(unwrap(connection), name, compile) ?? Promise.resolve(),
        }),
        ...(inner.rollbackToSavepoint && {
          rollbackToSavepoint: (connection, name, compile) =>
            inner.rollbackToSavepoint?.(unwrap(connection), name, compile) ?? Promise.resolve(),
        }),
        ...(inner.releaseSavepoint && {
          releaseSavepoint: (connection, name, compile) =>
            inner.releaseSavepoint?.(unwrap(connection), name, compile) ?? Promise.resolve(),
        }),
      };
    },
  };
}
