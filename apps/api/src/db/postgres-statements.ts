import type pg from 'pg';

/**
 * Named (prepared) statements on PostgreSQL (docs/adr/0014-postgres-named-statements.md).
 *
 * Kysely sends every query as node-postgres's unnamed statement, which PostgreSQL parses,
 * analyses and plans anew on every execution. A statement given a name is parsed once per
 * connection and then only bound and run: a deposit callback's ten statements cost PostgreSQL
 * about a fifth less CPU (`npm run bench -- payments`). Only texts that are safe to keep are named:
 *
 * - with parameters (a text without any is a one-off: DDL, BEGIN, COMMIT);
 * - without `*`: a kept `select *` or `returning *` fails with "cached plan must not change result
 *   type" once a migration adds a column, where a named column list goes on working;
 * - without an `in (...)` list and with at most MAX_PARAMETERS parameters: texts whose length
 *   follows the data would each be kept on every connection;
 * - the first MAX_NAMED such texts of the process; later ones run unnamed, so a connection keeps at
 *   most that many.
 *
 * `DATABASE_PREPARED_STATEMENTS=off` turns it off, for a pooler that cannot carry them (PgBouncer
 * in transaction mode before 1.21, or without `max_prepared_statements`).
 */
export const MAX_NAMED = 500;
const MAX_PARAMETERS = 32;
const IN_LIST = /\bin\s*\(/i;

export class StatementNames {
  private readonly names = new Map<string, string>();

  /** The name `text` runs under, or undefined when it runs unnamed. */
  nameOf(text: string, parameterCount: number): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (parameterCount === 0 || parameterCount > MAX_PARAMETERS || text.includes('*') || IN_LIST.test(text)) return undefined;
    if (this.names.size >= MAX_NAMED) return undefined;
    const name = `app_${this.names.size}`;
    this.names.set(text, name);
    return name;
  }
}

type QueryFunction = (...args: unknown[]) => unknown;

/** Every client the pool opens runs the texts StatementNames names as named statements. */
export function nameStatements(pool: pg.Pool): void {
  const names = new StatementNames();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFunction;
    const named: QueryFunction = (config, values, callback) => {
      if (typeof config === 'string' && Array.isArray(values) && callback === undefined) {
        const name = names.nameOf(config, values.length);
        if (name !== undefined) return query({ name, text: config, values });
      }
      return query(config, values, callback);
    };
    (client as unknown as { query: QueryFunction }).query = named;
  });
}
