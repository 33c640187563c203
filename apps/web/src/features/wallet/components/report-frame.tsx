import type { ReportQuery } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportPage, useRangeAndPage } from '@/components/ui';
import { REPORT_PAGE_SIZE } from '../api/reports';
import { formatRupees } from '../model/money-format';
import '../wallet.css';

/** The range and page a wallet report asks for; the server reads the dates as India calendar days. */
export function useReportQuery(): ReturnType<typeof useRangeAndPage> & { query: ReportQuery } {
  const paging = useRangeAndPage();
  return { ...paging, query: { from_date: paging.range.from, to_date: paging.range.to, page: paging.page } };
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
  onRetry: () => void;
  totals: ReportTotal[] | undefined;
  totalRows: number;
  children: ReactNode;
}

/** A wallet report page: the shared report frame with the range's money totals. */
export function ReportFrame({
  titleKey,
  subtitleKey,
  report,
  isFetching,
  error,
  onRetry,
  totals,
  totalRows,
  children,
}: ReportFrameProps) {
  const { t } = useTranslation();
  return (
    <ReportPage
      title={t(titleKey)}
      subtitle={t(subtitleKey)}
      paging={report}
      isFetching={isFetching}
      error={error}
      onRetry={onRetry}
      total={totalRows}
      pageSize={REPORT_PAGE_SIZE}
      summary={
        totals && (
          <dl className="wallet-totals" aria-label={t('wallet.reports.totals')}>
            {totals.map((total) => (
              <div key={total.labelKey} className="wallet-totals__item">
                <dt>{t(total.labelKey)}</dt>
                <dd>{formatRupees(total.amount)}</dd>
              </div>
            ))}
          </dl>
        )
      }
    >
      {children}
    </ReportPage>
  );
}
