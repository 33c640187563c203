import { latinDigitsLocale, type StatementEntry, type StatementRow } from '@app/shared';
import { endpoints } from '@/lib/api-routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/ui';
import { useWalletReport } from '../api/reports';
import { formatAmount } from '../model/money-format';
import { ReportFrame, useReportQuery } from './report-frame';

/**
 * /report/account-statement: one line per money movement, and one per market or casino round with
 * its holds, releases and result folded in (its net profit or loss), expandable to the movements.
 */
export function AccountStatementPage() {
  const { t, i18n } = useTranslation();
  const report = useReportQuery();
  const statement = useWalletReport(endpoints.accountStatement, report.query);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const amount = (value: number) => (value === 0 ? '—' : formatAmount(value));
  const kindText = (row: StatementRow) => (row.is_open ? t('wallet.statement.openMarket') : t(`wallet.kinds.${row.kind}`));
  const detailId = (row: StatementRow) => `statement-line-${row.id}`;
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const columns: DataColumn<StatementRow>[] = [
    { key: 'date', header: t('wallet.reports.date'), render: (row) => dateFormat.format(new Date(row.date)) },
    {
      key: 'description',
      header: t('wallet.statement.description'),
      render: (row) => (
        <span className="wallet-cell__stack">
          <span>{kindText(row)}</span>
          {row.description && <span className="wallet-cell__muted">{row.description}</span>}
          {row.entry_count > 1 && (
            <button
              type="button"
              className="wallet-cell__toggle"
              aria-expanded={expanded.has(row.id)}
              aria-controls={detailId(row)}
              onClick={() => toggle(row.id)}
            >
              {expanded.has(row.id)
                ? t('wallet.statement.hideEntries')
                : t('wallet.statement.showEntries', { count: row.entry_count })}
            </button>
          )}
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

  const entryColumns: DataColumn<StatementEntry>[] = [
    { key: 'date', header: t('wallet.reports.date'), render: (entry) => dateFormat.format(new Date(entry.date)) },
    { key: 'kind', header: t('wallet.statement.description'), render: (entry) => t(`wallet.kinds.${entry.kind}`) },
    { key: 'wallet', header: t('wallet.statement.wallet'), render: (entry) => t(`wallet.accounts.${entry.wallet}`) },
    { key: 'credit', header: t('wallet.statement.credit'), align: 'end', render: (entry) => amount(entry.credit) },
    { key: 'debit', header: t('wallet.statement.debit'), align: 'end', render: (entry) => amount(entry.debit) },
    {
      key: 'balance',
      header: t('wallet.statement.balance'),
      align: 'end',
      render: (entry) => formatAmount(entry.balance),
    },
  ];

  const renderEntries = (row: StatementRow) => {
    if (!expanded.has(row.id)) return undefined;
    const line = row.description || kindText(row);
    return (
      <div className="wallet-statement__entries">
        {row.entry_count > row.entries.length && (
          <p className="wallet-cell__muted">
            {t('wallet.statement.moreEntries', { shown: row.entries.length, count: row.entry_count })}
          </p>
        )}
        <DataTable
          caption={t('wallet.statement.entriesOf', { line })}
          columns={entryColumns}
          rows={row.entries}
          getRowKey={(entry) => entry.id}
        />
      </div>
    );
  };

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
        renderDetail={renderEntries}
        getDetailId={detailId}
      />
    </ReportFrame>
  );
}
