import type pg from 'pg';

/**
 * PostgreSQL clients that pipeline (docs/adr/0020-postgres-pipelined-transactions.md).
 *
 * node-postgres in pipeline mode sends a query at once, even while earlier ones on the client are
 * still unanswered, and hands the answers back in order; PostgreSQL runs them in the order they
 * arrive. A unit of work can then send the statements whose answers it does not need yet (locks,
 * writes returning nothing, reads that do not depend on each other) and wait once for all of them:
 * one round trip where there were several. Kysely still waits for each query it runs, so code that
 * does not ask for this (`sendWithoutWaiting`, `readTogether` in reusable-query.ts) sees no change.
 *
 * Each query is still one write to the socket: a client's socket is corked while JavaScript runs
 * and uncorked once the current turn's promise jobs are done (`process.nextTick`), so whatever a
 * unit of work sends in one go leaves in one write — a system call and a wake-up of the database
 * process per round trip, not per statement.
 *
 * Refused in pipeline mode, and not used here: cursors and row-limited portals (`.stream()`).
 */
export const PIPELINE_POOL_OPTIONS = { pipeline: true } as const;

interface CorkableClient {
  query: (...args: unknown[]) => unknown;
  connection: { stream: { cork(): void; uncork(): void } };
}

/**
 * Every client the pool opens corks its socket while one turn of JavaScript sends queries.
 * Answers a count of the writes so far: each carries what was sent in one go, so it is the number
 * of round trips to the database (the metric `db_postgres_writes_total`, and `npm run bench -- bets`).
 */
export function coalesceWrites(pool: pg.Pool): () => number {
  let writes = 0;
  pool.on('connect', (client) => {
    const corkable = client as unknown as CorkableClient;
    const stream = corkable.connection.stream;
    const query = corkable.query.bind(client);
    let corked = false;
    const uncork = () => {
      corked = false;
      writes += 1;
      stream.uncork();
    };
    corkable.query = (...args: unknown[]) => {
      if (!corked) {
        corked = true;
        stream.cork();
        process.nextTick(uncork);
      }
      return query(...args);
    };
  });
  return () => writes;
}
