import { type StatementRow, latinDigitsLocale } from '@app/shared';
import { endpoints } from '@/lib/api-routes';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/ui';
import { useWalletReport } from '../api/reports';
import { formatAmount } from '../model/money-format';
import { ReportFrame, useReportQuery } from './report-frame';

/** /report/account-statement: every movement of the player's money with the balance after it. */
export function AccountStatementPage() {
  const { t, i18n } = useTranslation();
  const report = useReportQuery();
  const statement = useWalletReport(endpoints.accountStatement, report.query);
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const amount = (value: number) => (value === 0 ? '—' : formatAmount(value));

  const columns: DataColumn<StatementRow>[] = [
    { key: 'date', header: t('wallet.reports.date'), render: (row) => dateFormat.format(new Date(row.date)) },
    {
      key: 'description',
      header: t('wallet.statement.description'),
      render: (row) => (
        <span className="wallet-cell__stack">
          <span>{t(`wallet.kinds.${row.kind}`, { defaultValue: row.kind })}</span>
          {row.reference && <span className="wallet-cell__muted">{row.reference}</span>}
        </span>
      ),
    },
    { key: 'wallet', header: t('wallet.statement.wallet'), render: (row) => t(`wallet.accounts.${row.wallet}`) },
    {
      key: 'credit',
      header: t('wallet.statement.credit'),
      align: 'end',
      render: (row) => <span className="wallet-amount--in">{amount(row.credit)}</span>,
    },
    {
      key: 'debit',
      header: t('wallet.statement.debit'),
      align: 'end',
      render: (row) => <span className="wallet-amount--out">{amount(row.debit)}</span>,
    },
    {
      key: 'balance',
      header: t('wallet.statement.balance'),
      align: 'end',
      render: (row) => formatAmount(row.balance),
    },
  ];

  return (
    <ReportFrame
      titleKey="wallet.statement.title"
      subtitleKey="wallet.statement.subtitle"
      report={report}
      isFetching={statement.isFetching}
      error={statement.error}
      onRetry={() => void statement.refetch()}
      totalRows={statement.data?.total_rows ?? 0}
      totals={
        statement.data && [
          { labelKey: 'wallet.statement.totalCredit', amount: statement.data.totals.credit },
          { labelKey: 'wallet.statement.totalDebit', amount: statement.data.totals.debit },
        ]
      }
    >
      <DataTable
        caption={t('wallet.statement.title')}
        columns={columns}
        rows={statement.data?.rows}
        getRowKey={(row) => row.id}
        isLoading={statement.isPending}
        emptyMessage={t('wallet.statement.empty')}
      />
    </ReportFrame>
  );
}
