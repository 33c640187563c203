import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from '../../db/database';

/**
 * A query built and compiled on first use, then run with new parameter values: the hot paths (the
 * balance poll, ledger writes) skip Kysely's builder and compiler on every call. Make one per
 * service instance, i.e. per database: the compiled text is that database's dialect. `build` gets
 * distinct sentinel values and may use them only as parameters; every parameter of the compiled
 * query must be one of them (checked on first use).
 */
export function reusableQuery<Args extends readonly unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
  sentinels: Args,
): (db: Db, ...args: Args) => Promise<Row[]> {
  let compiled: { sql: string; slots: number[] } | undefined;
  return async (db, ...args) => {
    if (!compiled) {
      const { sql, parameters } = build(db, ...sentinels).compile();
      const slots = parameters.map((parameter) => sentinels.indexOf(parameter));
      if (slots.some((slot) => slot < 0)) throw new Error('reusableQuery: every parameter must be a sentinel argument');
      compiled = { sql, slots };
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
