import { type BonusEventRow, latinDigitsLocale } from '@app/shared';
import { endpoints } from '@/lib/api-routes';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/ui';
import { useWalletReport } from '../api/reports';
import { formatAmount } from '../model/money-format';
import { ReportFrame, useReportQuery } from './report-frame';

/** /report/bouns-history: every grant, release and expiry of the player's bonuses. */
export function BonusHistoryPage() {
  const { t, i18n } = useTranslation();
  const report = useReportQuery();
  const history = useWalletReport(endpoints.bonusHistory, report.query);
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });

  const columns: DataColumn<BonusEventRow>[] = [
    { key: 'date', header: t('wallet.reports.date'), render: (row) => dateFormat.format(new Date(row.date)) },
    {
      key: 'event',
      header: t('wallet.bonusHistory.event'),
      render: (row) => (
        <span className={`wallet-tag wallet-tag--${row.kind}`}>{t(`wallet.bonusHistory.events.${row.kind}`)}</span>
      ),
    },
    { key: 'wallet', header: t('wallet.reports.wallet'), render: (row) => t(`wallet.bonusWallets.${row.wallet}`) },
    { key: 'bonus', header: t('wallet.reports.bonusNumber'), render: (row) => `#${row.bonus_id}` },
    { key: 'amount', header: t('wallet.reports.amount'), align: 'end', render: (row) => formatAmount(row.amount) },
  ];

  return (
    <ReportFrame
      titleKey="wallet.bonusHistory.title"
      subtitleKey="wallet.bonusHistory.subtitle"
      report={report}
      isFetching={history.isFetching}
      error={history.error}
      onRetry={() => void history.refetch()}
      totalRows={history.data?.total_rows ?? 0}
      totals={
        history.data && [
          { labelKey: 'wallet.bonusHistory.totalGranted', amount: history.data.totals.granted },
          { labelKey: 'wallet.bonusHistory.totalReleased', amount: history.data.totals.released },
          { labelKey: 'wallet.bonusHistory.totalExpired', amount: history.data.totals.expired },
        ]
      }
    >
      <DataTable
        caption={t('wallet.bonusHistory.title')}
        columns={columns}
        rows={history.data?.rows}
        getRowKey={(row) => row.id}
        isLoading={history.isPending}
        emptyMessage={t('wallet.bonusHistory.empty')}
      />
    </ReportFrame>
  );
}
