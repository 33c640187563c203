import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { BackgroundCheckpoints } from './sqlite-checkpoints';
import { keepBounded } from '../lib/bounded-map';
import type { ImmediateConnection } from './immediate-connection';

/** Distinct SQL texts kept prepared per connection; the app has a few hundred at most. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 compiles a statement on every prepare(); Kysely prepares on every query. Keeping
 * prepared statements by SQL text saves that work on every hot read. Safe because each statement
 * runs to completion (all/run) before the next one starts on its connection.
 */
class StatementCache {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(readonly connection: SQLite.Database) {}

  prepare(sql: string): SQLite.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = keepBounded(this.statements, sql, this.connection.prepare(sql), STATEMENT_CACHE_SIZE);
    }
    return statement;
  }
}

function run<R>(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** A FIFO lock on the writing connection: one transaction (or root write) at a time. */
class WriterLock {
  private isHeld = false;
  private readonly waiters: (() => void)[] = [];

  async acquire(): Promise<void> {
    if (!this.isHeld) {
      this.isHeld = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Hands the lock to the next waiter, if any. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.isHeld = false;
  }
}

/**
 * SQLite with a writing connection and, for a file, a reading one (docs/adr/0010-sqlite-group-commit.md).
 *
 * - Transactions begin IMMEDIATE on the writer, which they hold until they end: a writer takes
 *   the write lock at its start and waits for it (busy timeout) instead of failing half-way.
 * - A statement outside a transaction that only reads runs on the reader (WAL: it sees the last
 *   commit) and never queues behind an open transaction; any other one takes the writer.
 * - `:memory:` has one connection (a second would be another database): everything takes the writer.
 */
class RoutingSqliteDriver implements Driver {
  private readonly lock = new WriterLock();
  private readonly writer: StatementCache;
  private readonly reader: StatementCache | undefined;
  private readonly checkpoints: BackgroundCheckpoints | undefined;

  constructor(files: SqliteConnections) {
    this.writer = new StatementCache(files.writer);
    this.reader = files.reader && new StatementCache(files.reader);
    this.checkpoints = files.checkpoints;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.writer, this.reader, this.lock);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).begin();
  }

  // The writer goes back at the transaction's end, not only with the connection: a transaction on
  // a connection kept for more work (Kysely's `connection()`, as its migrator runs SQLite) would
  // otherwise hold it, and the next BEGIN there would wait for itself.
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).control('commit');
    (connection as RoutedConnection).end();
    this.checkpoints?.noteCommit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // After a BEGIN that failed, or a COMMIT that SQLite rolled back itself, there is nothing to
    // roll back (and ROLLBACK would fail, hiding the error that got us here).
    if ((connection as RoutedConnection).isInTransaction) (connection as RoutedConnection).control('rollback');
    (connection as RoutedConnection).end();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    (connection as RoutedConnection).control(`savepoint "${name}"`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    (connection as RoutedConnection).control(`rollback to "${name}"`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    (connection as RoutedConnection).control(`release "${name}"`);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).end();
  }

  async destroy(): Promise<void> {
    await this.checkpoints?.close();
    this.reader?.connection.close();
    this.writer.connection.close();
  }
}

class RoutedConnection implements ImmediateConnection {
  /** Whether this connection holds the writer for a transaction. */
  private isHolding = false;

  constructor(
    private readonly writer: StatementCache,
    private readonly reader: StatementCache | undefined,
    private readonly lock: WriterLock,
  ) {}

  async begin(): Promise<void> {
    await this.lock.acquire();
    this.isHolding = true;
    try {
      this.writer.prepare('begin immediate').run();
    } catch (error) {
      this.end();
      throw error;
    }
  }

  /** Whether this connection holds the writer in a transaction SQLite still has open. */
  get isInTransaction(): boolean {
    return this.isHolding && this.writer.connection.inTransaction;
  }

  /** COMMIT, ROLLBACK and savepoints: only inside this connection's transaction. */
  control(statement: string): void {
    if (!this.isHolding) throw new Error(`SQLite: "${statement}" outside a transaction`);
    this.writer.prepare(statement).run();
  }

  end(): void {
    if (!this.isHolding) return;
    this.isHolding = false;
    this.lock.release();
  }

  /**
   * A statement of this connection's transaction, run to completion at once: the unit of work's
   * hot statements skip the promises of `executeQuery` (`ImmediateConnection`, immediate-connection.ts).
   */
  executeNow<R>(query: CompiledQuery): QueryResult<R> {
    if (!this.isHolding) throw new Error('SQLite: a statement run at once outside a transaction');
    return run(this.writer.prepare(query.sql), query.parameters);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.isHolding) return this.executeNow(query);
    const onReader = this.readerStatement(query.sql);
    if (onReader?.readonly) return run(onReader, query.parameters);
    await this.lock.acquire();
    try {
      return run(this.writer.prepare(query.sql), query.parameters);
    } finally {
      this.lock.release();
    }
  }

  /** The statement prepared on the reader, if there is one and it can prepare it. */
  private readerStatement(sql: string): SQLite.Statement | undefined {
    try {
      return this.reader?.prepare(sql);
    } catch {
      return undefined;
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only SELECT queries');
    // A stream outside a transaction reads a snapshot on the reader; inside one, the writer's view.
    const source = this.isHolding || !this.reader ? this.writer : this.reader;
    const mustLock = source === this.writer && !this.isHolding;
    if (mustLock) await this.lock.acquire();
    try {
      for (const row of source.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
    } finally {
      if (mustLock) this.lock.release();
    }
  }
}

export interface SqliteConnections {
  writer: SQLite.Database;
  /** Absent for `:memory:`. */
  reader?: SQLite.Database;
  /** A file's checkpoints off the event loop (sqlite-checkpoints.ts); absent for `:memory:`. */
  checkpoints?: BackgroundCheckpoints;
}

export function routingSqliteDialect(connections: SqliteConnections): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new RoutingSqliteDriver(connections),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
