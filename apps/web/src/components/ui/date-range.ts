/**
 * Report date ranges: YYYY-MM-DD India calendar days, as the server reads them (docs/wallet.md),
 * wherever the player's device clock is set. A device on UTC at 19:00 is already on tomorrow's
 * India date; "today" must be that date or the last hours' entries fall outside the range.
 */
export interface DateRange {
  from: string;
  to: string;
}

/** Reports open on the last 7 days: from 7 days ago up to today. */
export const DEFAULT_RANGE_DAYS = 7;
/** Reports reach back at most 90 days. */
export const MAX_RANGE_DAYS_BACK = 90;

const INDIA_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const DAY_MS = 24 * 60 * 60 * 1000;

/** The India calendar day of an instant, as YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  return INDIA_DAY.format(date);
}

/** India keeps no daylight saving time, so a day is always 24 hours there. */
export function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY_MS);
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
