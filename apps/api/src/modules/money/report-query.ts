import {
  DEFAULT_REPORT_PAGE_SIZE,
  DEFAULT_REPORT_RANGE_DAYS,
  type ReportQuery,
  defaultReportRange,
  reportDay,
  reportRangeDays,
  reportWindow,
} from '@app/shared';
import { AppError } from '../../lib/app-error';

export interface ResolvedReportQuery {
  fromDate: string;
  toDate: string;
  startMs: number;
  endMs: number;
  page: number;
  limit: number;
  offset: number;
}

/**
 * Fills in a report's defaults (the last DEFAULT_REPORT_RANGE_DAYS India days, page 1) and turns
 * its calendar days into an epoch-ms window. The contract has already checked the shapes.
 */
export function resolveReportQuery(query: ReportQuery, now: number): ResolvedReportQuery {
  const fallback = defaultReportRange(now, DEFAULT_REPORT_RANGE_DAYS);
  const toDate = query.to_date ?? (query.from_date && query.from_date > fallback.to ? query.from_date : fallback.to);
  const fromDate = query.from_date ?? (toDate < fallback.from ? toDate : fallback.from);
  if (fromDate > toDate) throw new AppError('BAD_REQUEST', 'from_date must not be after to_date');
  if (fromDate > reportDay(now)) throw new AppError('BAD_REQUEST', 'from_date must not be in the future');
  if (reportRangeDays(fromDate, toDate) < 1) throw new AppError('BAD_REQUEST', 'The date range is empty');
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_REPORT_PAGE_SIZE;
  const { startMs, endMs } = reportWindow(fromDate, toDate);
  return { fromDate, toDate, startMs, endMs, page, limit, offset: (page - 1) * limit };
}

export function pagingOf(resolved: ResolvedReportQuery, totalRows: number) {
  return {
    from_date: resolved.fromDate,
    to_date: resolved.toDate,
    page: resolved.page,
    limit: resolved.limit,
    total_rows: totalRows,
  };
}
