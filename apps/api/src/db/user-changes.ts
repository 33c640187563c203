import type SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { type AliasedRawBuilder, type DatabaseConnection, type Dialect, type Driver, type QueryResult, sql } from 'kysely';
import type { ImmediateConnection } from './immediate-connection';
import { forgetSent, recordSent, settleSent } from './sent-statements';

/**
 * Notices that a user's session or balance changed, heard by every process that keeps copies of
 * them in memory (docs/adr/0006-hot-reads-from-memory.md). One mechanism for every change a
 * copy is made of — balances, exposure, the active wallet, the session:
 *
 * Writers say it in SQL, inside the writing statement: every UPDATE of a field a copy is made of
 * returns `userChangedColumn(...)`, the column `user_changed` = `app_user_changed(user_id)`.
 * - This process hears its own changes from those RETURNING rows: `reportingChanges` wraps the
 *   database driver and reports them as soon as the COMMIT returns (at once for a statement
 *   outside a transaction), before the caller goes on; never for a rollback.
 * - Other processes, PostgreSQL (postgres-user-changes.ts): the writing process tells the ids in a
 *   NOTIFY after its commit, and the writer's call waits until that NOTIFY is committed
 *   (`whenTold`, when the driver wrapper releases the connection); a process about to answer from
 *   copies first waits until it has heard every notice committed before the call (`whenCaughtUp`,
 *   a NOTIFY of its own heard back). No trigger sends anything (migration 0081 dropped them: a
 *   notifying transaction's COMMIT takes a database-wide lock). A change made by hand in SQL is
 *   heard by no copy: copies live 60 s at most.
 * - Other processes, SQLite (another API process or the admin CLI writing the same file):
 *   `PRAGMA data_version`, read by `whenCaughtUp()` before every answer from copies (one read
 *   after the calls of an event-loop turn have arrived serves them all) and by `catchUp()` at
 *   most once a millisecond; a change there drops everything.
 * The function `app_user_changed` only returns its argument, on both databases.
 */
export type UserChangeListener = (userId: number | null) => void;

export interface UserChangeFeed {
  /** `null` means anything may have changed (a notice could have been missed). */
  subscribe(listener: UserChangeListener): void;
  /** This process committed a change of the user (called by the driver wrapper). */
  report(userId: number): void;
  /**
   * PostgreSQL: the NOTIFY that tells the other processes of these users' changes, for the writer to
   * send on its own connection right behind its COMMIT (one write, no round trip of its own);
   * undefined when it cannot (no listener yet, too many ids for one message): then `report` tells.
   */
  noticeOf?(userIds: readonly number[]): CompiledQuery | undefined;
  /** This process committed a change of the user and told the others itself (`noticeOf`). */
  reportTold?(userId: number): void;
  /**
   * Settles once every change reported so far has been told to the other processes (PostgreSQL:
   * its NOTIFY is committed); undefined when there is nothing to wait for. Never rejects.
   */
  whenTold(): Promise<void> | undefined;
  /**
   * Settles once this process has heard every change any process committed before the call, so
   * copies read after it are current; undefined when that is already so (no copies are served).
   * Calls waiting at once share one look (PostgreSQL: a barrier; SQLite: a pragma read after this
   * turn of the event loop). Never rejects. Every answer from copies waits for it (plugins/auth.ts).
   */
  whenCaughtUp(): Promise<void> | undefined;
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

/** The RETURNING column that tells every cache the row's user changed (see the module comment). */
export function userChangedColumn(userIdColumn: string): AliasedRawBuilder<number, 'user_changed'> {
  return sql<number>`${sql.raw(USER_CHANGED_FUNCTION)}(${sql.ref(userIdColumn)})`.as('user_changed');
}

/**
 * The PostgreSQL side as migration 0005 created it: the function, and a trigger per table that
 * notified with the user id of every changed row. Migration 0006 dropped the balances' trigger
 * and 0081 the others (`dropNotifyTriggerStatements`): the writing process tells instead.
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

/** Migration 0081: the triggers still left, and their function. */
export const dropNotifyTriggerStatements = [
  ...NOTIFIED_TABLES.filter(({ table }) => table !== 'ledger_accounts').map(({ table }) =>
    sql.raw(`drop trigger if exists ${table}_user_changed on ${table}`),
  ),
  sql`drop function if exists app_notify_user_changed()`,
];

/** The feed's subscribers (shared with postgres-user-changes.ts). */
export class Listeners {
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
  /** Another connection committed since the last look (one pragma read): drop everything. */
  const lookNow = () => {
    checkedAt = performance.now();
    const version = dataVersion.get();
    if (version !== seenVersion) {
      seenVersion = version;
      listeners.emit(null);
    }
  };
  /**
   * The look that the calls waiting now share. The pragma takes and drops a lock on the WAL
   * index (two system calls), the poll's largest cost after the socket itself; one look serves
   * every call read from the sockets in this turn of the event loop. It runs in the turn's check
   * phase (setImmediate), after the poll phase has read them all, so it still comes after each
   * call arrived: a commit that another process made before a call arrived is seen by it.
   */
  let look: Promise<void> | undefined;
  const lookAfterThisTurn = () =>
    new Promise<void>((resolve) => {
      setImmediate(() => {
        // A call from here on waits for the next look: this one may already have read the version.
        look = undefined;
        try {
          lookNow();
        } catch {
          // No look (the file closed under us): drop every copy, so the waiting calls read the database.
          listeners.emit(null);
        }
        resolve();
      });
    });
  return {
    live: true,
    subscribe(listener) {
      listeners.add(listener);
    },
    report: (userId) => listeners.emit(userId),
    // Other processes look at the file itself: nothing to tell them.
    whenTold: () => undefined,
    whenCaughtUp() {
      look ??= lookAfterThisTurn();
      return look;
    },
    onError() {},
    catchUp() {
      if (performance.now() - checkedAt >= 1) lookNow();
    },
    async close() {},
  };
}

/** A connection that collects the `user_changed` values of its statements until the commit. */
class ReportingConnection implements DatabaseConnection {
  inTransaction = false;
  /** It reported a change: its release waits until other processes are told. */
  hasReported = false;
  private readonly changed = new Set<number>();
  /** Present when the inner connection runs a transaction's statements at once (SQLite). */
  readonly executeNow: ImmediateConnection['executeNow'] | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly feed: UserChangeFeed,
  ) {
    const immediate = (inner as Partial<ImmediateConnection>).executeNow;
    this.executeNow = immediate && (<R>(query: CompiledQuery) => this.collect(immediate.call(inner, query) as QueryResult<R>));
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.inner.executeQuery<R>(query).then((result) => this.collect(result));
  }

  private collect<R>(result: QueryResult<R>): QueryResult<R> {
    const first = result.rows[0] as { user_changed?: unknown } | undefined;
    if (first?.user_changed !== undefined) {
      for (const row of result.rows as { user_changed: unknown }[]) {
        const userId = Number(row.user_changed);
        if (this.inTransaction) this.changed.add(userId);
        else this.report(userId);
      }
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  /** The users the transaction changed so far. */
  get changedUsers(): number[] {
    return [...this.changed];
  }

  /** `told`: the transaction told the other processes itself, right behind its COMMIT. */
  settle(committed: boolean, told = false): void {
    if (committed) {
      for (const userId of this.changed) {
        if (told && this.feed.reportTold) this.feed.reportTold(userId);
        else this.report(userId);
      }
    }
    this.changed.clear();
    this.inTransaction = false;
  }

  private report(userId: number): void {
    this.feed.report(userId);
    this.hasReported = true;
  }
}

export interface DriverOptions {
  /** Runs before a root-handle query takes a connection (the unit of work's nested-use check). */
  beforeAcquire?: () => void;
  /**
   * PostgreSQL with pipelining clients (postgres-pipeline.ts): BEGIN is sent and not waited for, and
   * COMMIT goes with the statements still unanswered (docs/adr/0020).
   */
  pipelined?: boolean;
}

/**
 * The dialect with its driver wrapped so that this process hears its own changes when they
 * commit (on PostgreSQL its NOTIFY arrives only later, and a poll answered in between would
 * show the old balance to the player who just changed it), and so that a connection that changed
 * something is released only once the other processes are told: the caller, and the player
 * behind it, go on only after the next call on any instance would see the change.
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
        async releaseConnection(connection) {
          // Back to the pool first: waiting for the NOTIFY does not hold a connection.
          await inner.releaseConnection(unwrap(connection));
          if ((connection as ReportingConnection).hasReported) await feed.whenTold();
        },
        async beginTransaction(connection, settings) {
          const begun = inner.beginTransaction(unwrap(connection), settings);
          // PostgreSQL pipelines: the BEGIN goes with the transaction's first statements, and the
          // unit of work waits for its answer with theirs (reusable-query.ts, recordSent).
          if (options.pipelined && !settings.isolationLevel && !settings.accessMode) recordSent(connection, begun);
          else await begun;
          (connection as ReportingConnection).inTransaction = true;
        },
        async commitTransaction(connection) {
          const reporting = connection as ReportingConnection;
          if (!options.pipelined) {
            await inner.commitTransaction(unwrap(connection));
            reporting.settle(true);
            return;
          }
          // The COMMIT goes with the statements still unanswered, and counts only if all succeeded;
          // the NOTIFY of the users it changed goes right behind it, in the same write.
          const committed = inner.commitTransaction(unwrap(connection));
          committed.catch(() => undefined);
          const notice = reporting.changedUsers.length > 0 ? feed.noticeOf?.(reporting.changedUsers) : undefined;
          const told = notice
            ? unwrap(connection)
                .executeQuery(notice)
                .then(
                  () => true,
                  () => false,
                )
            : Promise.resolve(false);
          try {
            await settleSent(connection);
          } finally {
            await told;
          }
          await committed;
          reporting.settle(true, await told);
        },
        async rollbackTransaction(connection) {
          forgetSent(connection);
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
