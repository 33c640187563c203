import { sql } from 'kysely';

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

/** A page of a table view: its rows and how many the whole view holds. */
export async function pageOf<R>(rows: Promise<R[]>, count: Promise<{ n: number | string | bigint }>) {
  const [page, counted] = await Promise.all([rows, count]);
  return { rows: page, total: Number(counted.n) };
}

/** A time window: `from` included, `to` not (epoch ms). */
export interface ReportWindow {
  from: number;
  to: number;
}
