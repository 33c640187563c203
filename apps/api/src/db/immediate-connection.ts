import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';

/**
 * A connection that runs a transaction's statement to completion at once and answers it
 * synchronously: SQLite's (sqlite-driver.ts). Kysely's `executeQuery` wraps each statement in
 * promises, each a task for the event loop and, on Node 20, a call of the async-context hooks while
 * a transaction runs (transaction-scope.ts): the unit of work's statements skip them
 * (reusable-query.ts).
 */
export interface ImmediateConnection extends DatabaseConnection {
  executeNow<R>(query: CompiledQuery): QueryResult<R>;
}

export function isImmediate(connection: DatabaseConnection): connection is ImmediateConnection {
  return (connection as Partial<ImmediateConnection>).executeNow !== undefined;
}
