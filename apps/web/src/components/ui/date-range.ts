/** Report date ranges (YYYY-MM-DD in the player's local time). */
export interface DateRange {
  from: string;
  to: string;
}

/** Reports open on the last 7 days: from 7 days ago up to today. */
export const DEFAULT_RANGE_DAYS = 7;
/** Reports reach back at most 90 days. */
export const MAX_RANGE_DAYS_BACK = 90;

export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export function daysBefore(date: Date, days: number): Date {
  const result = new Date(date);
  result.setDate(result.getDate() - days);
  return result;
}

export function defaultDateRange(today: Date = new Date()): DateRange {
  return { from: toIsoDate(daysBefore(today, DEFAULT_RANGE_DAYS)), to: toIsoDate(today) };
}

export type DateRangeProblem = 'required' | 'fromAfterTo' | 'tooFarBack' | 'inFuture';

/** Why a range cannot be used, or null. ISO dates compare correctly as strings. */
export function dateRangeProblem(range: DateRange, today: Date = new Date()): DateRangeProblem | null {
  if (!range.from || !range.to) return 'required';
  if (range.from > range.to) return 'fromAfterTo';
  if (range.from < toIsoDate(daysBefore(today, MAX_RANGE_DAYS_BACK))) return 'tooFarBack';
  if (range.to > toIsoDate(today)) return 'inFuture';
  return null;
}
