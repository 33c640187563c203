import { latinDigitsLocale, type DepositRow, type ReportQuery, type WithdrawRow } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable, ReportPage, useRangeAndPage } from '@/components/ui';
import { endpoints } from '@/lib/api-routes';
import { REPORT_PAGE_SIZE, usePaymentStatement } from '../api/payment-calls';
import { formatRupees } from '../model/payment-model';
import '../payments.css';

function useStatementQuery() {
  const paging = useRangeAndPage();
  const query: ReportQuery = { from_date: paging.range.from, to_date: paging.range.to, page: paging.page };
  return { paging, query };
}

function Totals({ items }: { items: { label: string; amount: number; testId?: string }[] }) {
  const { t } = useTranslation();
  return (
    <dl className="payments-totals" aria-label={t('payments.statements.totals')}>
      {items.map((item) => (
        <div key={item.label} className="payments-totals__item" data-testid={item.testId}>
          <dt>{item.label}</dt>
          <dd>{formatRupees(item.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Status({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`payments-status payments-status--${status}`}>{t(`payments.status.${status}`)}</span>;
}

/** /report/deposit-statement: the player's deposits in the range, their status, totals and net deposits. */
export function DepositStatementPage() {
  const { t, i18n } = useTranslation();
  const { paging, query } = useStatementQuery();
  const report = usePaymentStatement(endpoints.depositStatement, query);
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const columns: DataColumn<DepositRow>[] = [
    { key: 'date', header: t('payments.statements.date'), render: (row) => dateFormat.format(new Date(row.created_at)) },
    {
      key: 'order',
      header: t('payments.statements.reference'),
      render: (row) => <code className="payments-ref">{row.order_id}</code>,
    },
    { key: 'method', header: t('payments.deposit.method'), render: (row) => t(`payments.methods.${row.method}`) },
    { key: 'status', header: t('payments.statements.status'), render: (row) => <Status status={row.status} /> },
    { key: 'updated', header: t('payments.statements.updated'), render: (row) => dateFormat.format(new Date(row.updated_at)) },
    {
      key: 'amount',
      header: t('payments.statements.amount'),
      align: 'end',
      render: (row) => formatRupees(row.amount),
    },
  ];
  return (
    <ReportPage
      title={t('payments.statements.depositTitle')}
      subtitle={t('payments.statements.depositSubtitle')}
      paging={paging}
      isFetching={report.isFetching}
      error={report.error}
      onRetry={() => void report.refetch()}
      total={report.data?.total_rows ?? 0}
      pageSize={REPORT_PAGE_SIZE}
      summary={
        report.data && (
          <Totals
            items={[
              { label: t('payments.statements.credited'), amount: report.data.totals.credited },
              { label: t('payments.statements.pending'), amount: report.data.totals.pending },
              { label: t('payments.statements.netDeposits'), amount: report.data.net_deposits, testId: 'net-deposits' },
            ]}
          />
        )
      }
    >
      <DataTable
        caption={t('payments.statements.depositTitle')}
        columns={columns}
        rows={report.data?.rows}
        getRowKey={(row) => row.order_id}
        isLoading={report.isPending}
        emptyMessage={t('payments.statements.noDeposits')}
      />
    </ReportPage>
  );
}

/** /report/withdraw-statement: the player's withdrawals in the range, their status and reason, totals and net deposits. */
export function WithdrawStatementPage() {
  const { t, i18n } = useTranslation();
  const { paging, query } = useStatementQuery();
  const report = usePaymentStatement(endpoints.withdrawStatement, query);
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const columns: DataColumn<WithdrawRow>[] = [
    { key: 'date', header: t('payments.statements.date'), render: (row) => dateFormat.format(new Date(row.created_at)) },
    { key: 'id', header: t('payments.statements.reference'), render: (row) => `#${row.withdraw_id}` },
    { key: 'destination', header: t('payments.statements.destination'), render: (row) => row.destination },
    {
      key: 'status',
      header: t('payments.statements.status'),
      render: (row) => (
        <>
          <Status status={row.status} />
          {row.reason && <span className="payments-reason">{row.reason}</span>}
        </>
      ),
    },
    { key: 'updated', header: t('payments.statements.updated'), render: (row) => dateFormat.format(new Date(row.updated_at)) },
    {
      key: 'amount',
      header: t('payments.statements.amount'),
      align: 'end',
      render: (row) => formatRupees(row.amount),
    },
  ];
  return (
    <ReportPage
      title={t('payments.statements.withdrawTitle')}
      subtitle={t('payments.statements.withdrawSubtitle')}
      paging={paging}
      isFetching={report.isFetching}
      error={report.error}
      onRetry={() => void report.refetch()}
      total={report.data?.total_rows ?? 0}
      pageSize={REPORT_PAGE_SIZE}
      summary={
        report.data && (
          <Totals
            items={[
              { label: t('payments.statements.paid'), amount: report.data.totals.paid },
              { label: t('payments.statements.held'), amount: report.data.totals.pending },
              { label: t('payments.statements.netDeposits'), amount: report.data.net_deposits, testId: 'net-deposits' },
            ]}
          />
        )
      }
    >
      <DataTable
        caption={t('payments.statements.withdrawTitle')}
        columns={columns}
        rows={report.data?.rows}
        getRowKey={(row) => row.withdraw_id}
        isLoading={report.isPending}
        emptyMessage={t('payments.statements.noWithdrawals')}
      />
    </ReportPage>
  );
}
