import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * Small SQL pieces the modules' report reads share (the console's lists and per-day sums, docs/console.md).
 * Portable: the same text on SQLite and PostgreSQL.
 */

export const DAY_MS = 86_400_000;

/** A millisecond column's day: whole days since the epoch (UTC), the bucket of the per-day sums. */
export const dayOf = (column: string) => sql<number>`(${sql.ref(column)} / ${sql.lit(DAY_MS)})`;

/** `%`, `_` and `\` in the search match themselves. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A page of a table view: the rows `rows` reads from the view `view` builds, and how many the whole
 * view holds (counted on the same view, filters and joins included).
 */
export async function pageOf<DB, TB extends keyof DB, O, R>(
  view: () => SelectQueryBuilder<DB, TB, O>,
  rows: (query: SelectQueryBuilder<DB, TB, O>) => Promise<R[]>,
) {
  const count = (view() as unknown as SelectQueryBuilder<DB, TB, object>)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow() as Promise<{ n: number | string | bigint }>;
  const [page, counted] = await Promise.all([rows(view()), count]);
  return { rows: page, total: Number(counted.n) };
}

/** A time window: `from` included, `to` not (epoch ms). */
export interface ReportWindow {
  from: number;
  to: number;
}
