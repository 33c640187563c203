import {
  type Compilable,
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  PostgresAdapter,
  type QueryResult,
} from 'kysely';
import type { Db } from './database';
import { type ImmediateConnection, isImmediate } from './immediate-connection';
import { firstSentError, recordSent } from './sent-statements';

/**
 * The connection of each unit-of-work transaction while its work runs. Kysely's transaction
 * executor wraps itself anew for every query it runs (a new executor, five promises, a check that
 * the transaction is still open): a fifth of the JavaScript a ledger debit spends. The hot queries
 * below go straight to the connection instead (docs/adr/0012-hot-queries-on-the-transaction-connection.md).
 */
const transactionConnections = new WeakMap<Db, DatabaseConnection>();

/**
 * Runs `work` with the hot queries of `tx` going straight to its connection; after it, `tx`
 * goes back to Kysely's executor, which refuses a transaction that has ended. The unit of work
 * calls this, and SQLite's group commit around a whole batch of units (group-commit.ts), whose
 * units then find the connection already there. On both databases the connection runs its queries
 * one at a time, in the order they were sent (better-sqlite3 runs each to completion at once;
 * node-postgres pipelines them on the client, postgres-pipeline.ts).
 */
export async function onTransactionConnection<T>(tx: Db, work: () => Promise<T>): Promise<T> {
  if (transactionConnections.has(tx)) return work();
  const connection = await tx.getExecutor().provideConnection(async (connection) => connection);
  transactionConnections.set(tx, connection);
  try {
    return await work();
  } catch (error) {
    throw (await firstSentError(connection)) ?? error;
  } finally {
    transactionConnections.delete(tx);
  }
}

function isPostgresDb(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A statement whose answer the work does not need (a lock, a write returning nothing). Inside a
 * PostgreSQL unit of work it is sent at once and not waited for: it travels to the database with
 * the next statement that is waited for (one round trip for both, the connection pipelines), and
 * runs before it, in order. Its failure aborts the transaction, which then fails with its error.
 * Elsewhere (SQLite, or outside a transaction) it runs and is waited for, as any statement.
 */
export function sendWithoutWaiting(db: Db, query: CompiledQuery): Promise<void> {
  const connection = transactionConnections.get(db);
  if (!connection || !isPostgresDb(db)) return answerOf(db, query, () => undefined);
  recordSent(connection, connection.executeQuery(query));
  return Promise.resolve();
}

/**
 * Reads that do not depend on each other. On PostgreSQL inside a unit of work they are sent
 * together and their answers come back in one round trip; on SQLite each runs to completion in
 * turn, as every statement does there.
 */
export async function readTogether<T extends readonly unknown[]>(
  db: Db,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (transactionConnections.has(db) && isPostgresDb(db)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

/** Runs a compiled query: on the transaction's connection inside the unit of work, else through Kysely. */
export function executeCompiled<Row>(db: Db, query: CompiledQuery): Promise<QueryResult<Row>> {
  const connection = transactionConnections.get(db);
  if (connection && isImmediate(connection)) return runNow(connection, query, (result: QueryResult<Row>) => result);
  return sendLater<Row>(db, connection, query);
}

/** What `pick` takes from a compiled query's result. */
function answerOf<Row, T>(db: Db, query: CompiledQuery, pick: (result: QueryResult<Row>) => T): Promise<T> {
  const connection = transactionConnections.get(db);
  if (connection && isImmediate(connection)) return runNow(connection, query, pick);
  return sendLater<Row>(db, connection, query).then(pick);
}

/** A statement answered later: on the transaction's connection when there is one, else through Kysely. */
function sendLater<Row>(db: Db, connection: DatabaseConnection | undefined, query: CompiledQuery): Promise<QueryResult<Row>> {
  return connection ? connection.executeQuery<Row>(query) : db.executeQuery<Row>(query);
}

/**
 * A statement on a connection that answers at once (`ImmediateConnection`, immediate-connection.ts):
 * what `pick` takes from its result, in one promise.
 */
function runNow<Row, T>(
  connection: ImmediateConnection,
  query: CompiledQuery,
  pick: (result: QueryResult<Row>) => T,
): Promise<T> {
  try {
    return Promise.resolve(pick(connection.executeNow<Row>(query)));
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * A query built and compiled on first use for each database, then run with new parameter values:
 * the hot paths (the session lookup, the balance poll, ledger writes) skip Kysely's builder and
 * compiler on every call. `build` gets distinct sentinel values and may use them only as
 * parameters; every parameter of the compiled query must be one of them (checked on first use).
 */
export function reusableQuery<Args extends readonly unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
  sentinels: Args,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compiled = compiledOnce(build, sentinels);
  return (db, ...args) => answerOf(db, compiled(db, args), rowsOf<Row>);
}

/**
 * A reusable statement whose answer nobody reads (an upsert, an insert returning nothing): sent
 * without waiting inside a PostgreSQL unit of work (`sendWithoutWaiting`), run and waited for elsewhere.
 */
export function reusableStatement<Args extends readonly unknown[]>(
  build: (db: Db, ...args: Args) => Compilable<unknown>,
  sentinels: Args,
): (db: Db, ...args: Args) => Promise<void> {
  const compiled = compiledOnce(build, sentinels);
  return (db, ...args) => sendWithoutWaiting(db, compiled(db, args));
}

const rowsOf = <Row>(result: QueryResult<Row>) => result.rows;

function compiledOnce<Args extends readonly unknown[]>(
  build: (db: Db, ...args: Args) => Compilable<unknown>,
  sentinels: Args,
): (db: Db, args: Args) => CompiledQuery {
  // Per database, keyed by its dialect adapter: SQLite and PostgreSQL texts differ, and a
  // transaction shares its database's adapter, so it reuses the compiled text too.
  const compiledByDb = new WeakMap<DialectAdapter, { sql: string; slots: number[] }>();
  return (db, args) => {
    const key = db.getExecutor().adapter;
    let compiled = compiledByDb.get(key);
    if (!compiled) {
      const { sql, parameters } = build(db, ...sentinels).compile();
      const slots = parameters.map((parameter) => sentinels.indexOf(parameter));
      if (slots.some((slot) => slot < 0)) throw new Error('reusableQuery: every parameter must be a sentinel argument');
      compiled = { sql, slots };
      compiledByDb.set(key, compiled);
    }
    const { sql, slots } = compiled;
    return CompiledQuery.raw(
      sql,
      slots.map((slot) => args[slot]),
    );
  };
}

const NUMBER_SENTINEL = -987_654_000;
/** Distinct placeholder values for a reusable query's numeric parameters (index: its position). */
export const numberSentinel = (index: number) => NUMBER_SENTINEL - index;
/** Distinct placeholder values for text parameters; no real text starts with NUL (it is refused). */
export const textSentinel = (index: number) => `\u0000sentinel-${index}`;
