import type { ReportQuery } from '@app/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, type DateRange, Pager, defaultDateRange } from '@/components/ui';
import { REPORT_PAGE_SIZE } from '../api/reports';
import { formatRupees } from '../model/money-format';
import '../wallet.css';

/** The range and page a report page asks for; the server reads the dates as India calendar days. */
export function useReportQuery(): {
  query: ReportQuery;
  range: DateRange;
  setRange: (range: DateRange) => void;
  page: number;
  setPage: (page: number) => void;
} {
  const [range, setRangeState] = useState<DateRange>(defaultDateRange);
  const [page, setPage] = useState(1);
  return {
    query: { from_date: range.from, to_date: range.to, page },
    range,
    setRange: (next) => {
      setRangeState(next);
      setPage(1);
    },
    page,
    setPage,
  };
}

export interface ReportTotal {
  labelKey: string;
  amount: number;
}

interface ReportFrameProps {
  titleKey: string;
  subtitleKey: string;
  report: ReturnType<typeof useReportQuery>;
  isFetching: boolean;
  error: Error | null;
  totals: ReportTotal[] | undefined;
  totalRows: number;
  children: ReactNode;
}

/** A wallet report page: title, date range, totals for the range, the table and paging. */
export function ReportFrame({ titleKey, subtitleKey, report, isFetching, error, totals, totalRows, children }: ReportFrameProps) {
  const { t, i18n } = useTranslation();
  return (
    <section className="wallet-page">
      <header className="wallet-page__header">
        <h1 className="wallet-page__title">{t(titleKey)}</h1>
        <p className="wallet-page__subtitle">{t(subtitleKey)}</p>
      </header>
      <DateRangeFilter value={report.range} isLoading={isFetching} onApply={report.setRange} />
      {totals && (
        <dl className="wallet-totals" aria-label={t('wallet.reports.totals')}>
          {totals.map((total) => (
            <div key={total.labelKey} className="wallet-totals__item">
              <dt>{t(total.labelKey)}</dt>
              <dd>{formatRupees(total.amount, i18n.language)}</dd>
            </div>
          ))}
        </dl>
      )}
      {error ? (
        <p className="wallet-page__error" role="alert">
          {error.message}
        </p>
      ) : (
        children
      )}
      <Pager
        page={report.page}
        onPageChange={report.setPage}
        total={totalRows}
        pageSize={REPORT_PAGE_SIZE}
        isDisabled={isFetching}
      />
    </section>
  );
}
