import type { DatabaseConnection } from 'kysely';

/**
 * Statements sent without waiting for their answer (docs/adr/0020-postgres-pipelined-transactions.md),
 * per transaction connection: their answers are awaited at the COMMIT (`settleSent`), and the
 * first failure is what the transaction fails with.
 */
const sentStatements = new WeakMap<DatabaseConnection, { pending: Promise<unknown>[]; error?: unknown }>();

/**
 * Waits for every statement sent on `connection` without waiting, and fails with the first one's
 * error. The driver calls it at COMMIT, which it sends first (user-changes.ts): statements the work
 * left unanswered travel with the COMMIT, and if one failed, the COMMIT only ended an aborted
 * transaction (PostgreSQL answers it with ROLLBACK) and nothing was committed.
 */
export async function settleSent(connection: DatabaseConnection): Promise<void> {
  const sent = sentStatements.get(connection);
  if (!sent) return;
  sentStatements.delete(connection);
  await Promise.all(sent.pending);
  if (sent.error !== undefined) throw sent.error;
}

/**
 * The error of the first statement sent on `connection` that failed, once every one has answered;
 * undefined when none failed. A statement after a failed one fails only because the transaction was
 * aborted (25P02): the first failure is the one that says what happened.
 */
export async function firstSentError(connection: DatabaseConnection): Promise<unknown> {
  const sent = sentStatements.get(connection);
  if (!sent) return undefined;
  await Promise.all(sent.pending);
  return sent.error;
}

/** Forgets what was sent on a connection whose transaction rolled back. */
export function forgetSent(connection: DatabaseConnection): void {
  sentStatements.delete(connection);
}

/**
 * Notes a statement `connection` was sent and not waited for (`sendWithoutWaiting` in
 * reusable-query.ts, and the BEGIN of a PostgreSQL transaction in user-changes.ts): the COMMIT
 * waits for it, and the transaction fails with its error.
 */
export function recordSent(connection: DatabaseConnection, answer: Promise<unknown>): void {
  let sent = sentStatements.get(connection);
  if (!sent) sentStatements.set(connection, (sent = { pending: [] }));
  const record = sent;
  record.pending.push(
    answer.catch((error: unknown) => {
      record.error ??= error;
    }),
  );
}
