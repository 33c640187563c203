import { type Compilable, CompiledQuery, type DialectAdapter } from 'kysely';
import type { Db } from './database';

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
    const result = await db.executeQuery<Row>(
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
