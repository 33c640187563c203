import { type UserBonusRow, latinDigitsLocale } from '@app/shared';
import { endpoints } from '@/lib/api-routes';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/ui';
import { useWalletReport } from '../api/reports';
import { formatAmount } from '../model/money-format';
import { ReportFrame, useReportQuery } from './report-frame';

/** Wagering progress of a bonus as a share (wager: turnover of the requirement; split: of the next step). */
function progressOf(row: UserBonusRow): number {
  if (row.status !== 'active') return 1;
  if (row.wallet === 'wager') return row.wagering_requirement > 0 ? Math.min(1, row.turnover / row.wagering_requirement) : 0;
  return row.granted > 0 ? (row.turnover % row.granted) / row.granted : 0;
}

/** /report/user-bouns: the player's bonuses with wallet, wagering progress, released and remaining. */
export function UserBonusPage() {
  const { t, i18n } = useTranslation();
  const report = useReportQuery();
  const bonuses = useWalletReport(endpoints.userBonus, report.query);
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium' });
  const money = (value: number) => formatAmount(value);

  const columns: DataColumn<UserBonusRow>[] = [
    { key: 'date', header: t('wallet.reports.date'), render: (row) => dateFormat.format(new Date(row.date)) },
    {
      key: 'wallet',
      header: t('wallet.reports.wallet'),
      render: (row) => (
        <span className="wallet-cell__stack">
          <span>{t(`wallet.bonusWallets.${row.wallet}`)}</span>
          <span className="wallet-cell__muted">{row.reason}</span>
        </span>
      ),
    },
    { key: 'granted', header: t('wallet.userBonus.granted'), align: 'end', render: (row) => money(row.granted) },
    {
      key: 'progress',
      header: t('wallet.userBonus.progress'),
      render: (row) => {
        const share = progressOf(row);
        const text =
          row.wallet === 'wager'
            ? t('wallet.userBonus.wagerProgress', { done: money(row.turnover), needed: money(row.wagering_requirement) })
            : t('wallet.userBonus.splitProgress', {
                done: money(row.granted > 0 ? row.turnover % row.granted : 0),
                step: money(row.granted),
              });
        return (
          <span className="wallet-progress">
            <progress max={100} value={Math.round(share * 100)} aria-label={text} />
            <span className="wallet-cell__muted">{text}</span>
          </span>
        );
      },
    },
    { key: 'released', header: t('wallet.userBonus.released'), align: 'end', render: (row) => money(row.released) },
    { key: 'remaining', header: t('wallet.userBonus.remaining'), align: 'end', render: (row) => money(row.remaining) },
    {
      key: 'status',
      header: t('wallet.userBonus.status'),
      render: (row) => (
        <span className="wallet-cell__stack">
          <span className={`wallet-tag wallet-tag--${row.status}`}>{t(`wallet.userBonus.statuses.${row.status}`)}</span>
          {row.status === 'active' && (
            <span className="wallet-cell__muted">
              {t('wallet.userBonus.expires', { date: dateFormat.format(new Date(row.expires_at)) })}
            </span>
          )}
        </span>
      ),
    },
  ];

  return (
    <ReportFrame
      titleKey="wallet.userBonus.title"
      subtitleKey="wallet.userBonus.subtitle"
      report={report}
      isFetching={bonuses.isFetching}
      error={bonuses.error}
      onRetry={() => void bonuses.refetch()}
      totalRows={bonuses.data?.total_rows ?? 0}
      totals={
        bonuses.data && [
          { labelKey: 'wallet.userBonus.totalGranted', amount: bonuses.data.totals.granted },
          { labelKey: 'wallet.userBonus.totalReleased', amount: bonuses.data.totals.released },
          { labelKey: 'wallet.userBonus.totalRemaining', amount: bonuses.data.totals.remaining },
        ]
      }
    >
      <DataTable
        caption={t('wallet.userBonus.title')}
        columns={columns}
        rows={bonuses.data?.rows}
        getRowKey={(row) => row.id}
        isLoading={bonuses.isPending}
        emptyMessage={t('wallet.userBonus.empty')}
      />
    </ReportFrame>
  );
}
