import { type Compilable, CompiledQuery, type DatabaseConnection, type DialectAdapter, type QueryResult } from 'kysely';
import type { Db } from './database';

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
 * calls this; on both databases the connection runs its queries one at a time anyway (better-sqlite3
 * runs each to completion at once, node-postgres queues them per client).
 */
export async function onTransactionConnection<T>(tx: Db, work: () => Promise<T>): Promise<T> {
  transactionConnections.set(tx, await tx.getExecutor().provideConnection(async (connection) => connection));
  try {
    return await work();
  } finally {
    transactionConnections.delete(tx);
  }
}

/** Runs a compiled query: on the transaction's connection inside the unit of work, else through Kysely. */
export function executeCompiled<Row>(db: Db, query: CompiledQuery): Promise<QueryResult<Row>> {
  const connection = transactionConnections.get(db);
  return connection ? connection.executeQuery<Row>(query) : db.executeQuery<Row>(query);
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
  // Per database, keyed by its dialect adapter: SQLite and PostgreSQL texts differ, and a
  // transaction shares its database's adapter, so it reuses the compiled text too.
  const compiledByDb = new WeakMap<DialectAdapter, { sql: string; slots: number[] }>();
  return async (db, ...args) => {
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
    const result = await executeCompiled<Row>(
      db,
      CompiledQuery.raw(
        sql,
        slots.map((slot) => args[slot]),
      ),
    );
    return result.rows;
  };
}

const NUMBER_SENTINEL = -987_654_000;
/** Distinct placeholder values for a reusable query's numeric parameters (index: its position). */
export const numberSentinel = (index: number) => NUMBER_SENTINEL - index;
/** Distinct placeholder values for text parameters; no real text starts with NUL (it is refused). */
export const textSentinel = (index: number) => `\u0000sentinel-${index}`;
