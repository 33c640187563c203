import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentPageName } from '@/lib/page-title';
import { Button } from './button';
import { type DateRange, defaultDateRange } from './date-range';
import { DateRangeFilter } from './date-range-filter';
import { Pager } from './pager';
import './report-page.css';

/** The date range and page of a report; a new range starts again at page 1. */
export function useRangeAndPage(): {
  range: DateRange;
  setRange: (range: DateRange) => void;
  page: number;
  setPage: (page: number) => void;
} {
  const [range, setRangeState] = useState<DateRange>(defaultDateRange);
  const [page, setPage] = useState(1);
  return {
    range,
    setRange: (next) => {
      setRangeState(next);
      setPage(1);
    },
    page,
    setPage,
  };
}

export interface ReportPageProps {
  title: string;
  subtitle: string;
  paging: ReturnType<typeof useRangeAndPage>;
  isFetching: boolean;
  error: Error | null;
  /** Asks again (the Retry button, or Apply with the same dates). */
  onRetry: () => void;
  total: number;
  pageSize: number;
  /** Shown between the filter and the table, e.g. totals for the range. */
  summary?: ReactNode;
  /** The table; replaced by the error message when the report did not load. */
  children: ReactNode;
}

/** A report screen: title, date range, optional summary, the table (or its error) and paging. */
export function ReportPage({
  title,
  subtitle,
  paging,
  isFetching,
  error,
  onRetry,
  total,
  pageSize,
  summary,
  children,
}: ReportPageProps) {
  const { t } = useTranslation();
  useDocumentPageName(title);
  const { range, setRange } = paging;
  // Apply always asks the server: with the same dates (e.g. after an outage) it fetches again.
  const apply = (next: DateRange) => {
    if (next.from === range.from && next.to === range.to) onRetry();
    else setRange(next);
  };
  return (
    <section className="ui-report">
      <header>
        <h1 className="ui-report__title">{title}</h1>
        <p className="ui-report__subtitle">{subtitle}</p>
      </header>
      <DateRangeFilter value={range} isLoading={isFetching} onApply={apply} />
      {summary}
      {error ? (
        <div className="ui-report__error" role="alert">
          <p>{error.message}</p>
          <Button variant="secondary" size="sm" isLoading={isFetching} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        children
      )}
      <Pager page={paging.page} onPageChange={paging.setPage} total={total} pageSize={pageSize} isDisabled={isFetching} />
    </section>
  );
}
