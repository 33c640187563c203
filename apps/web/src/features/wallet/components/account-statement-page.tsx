import { latinDigitsLocale, type StatementRow } from '@app/shared';
import { endpoints } from '@/lib/api-routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/ui';
import { translateMarketName } from '@/lib/market-name';
import { useWalletReport } from '../api/reports';
import { formatAmount, formatRupees } from '../model/money-format';
import { isVoidLine, lineTitleKey, movementWords, showsNote } from '../model/statement-words';
import { ReportFrame, useReportQuery } from './report-frame';

/**
 * /report/account-statement: one line per money movement, and one per market or casino round with
 * its holds, releases and result folded in (its net profit or loss), expandable to its movements in
 * words. Every line's amount is how far it moved the balance (docs/wallet.md "Account statement").
 */
export function AccountStatementPage() {
  const { t, i18n } = useTranslation();
  const report = useReportQuery();
  const statement = useWalletReport(endpoints.accountStatement, report.query);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const amount = (value: number) => (value === 0 ? '—' : formatAmount(value));
  const titleOf = (row: StatementRow) => t(lineTitleKey(row));
  /** The line's subject in the player's language: the match and market, a payment, a game, an operator's reason. */
  const detailOf = (row: StatementRow): string | null => {
    const { detail } = row;
    if (detail?.type === 'market') {
      const reduced = detail.reduced_prices.map((price) => `${price.odds.toFixed(2)} → ${price.settled_odds.toFixed(2)}`);
      const note =
        reduced.length > 0
          ? ` · ${t('wallet.statement.reducedPrices', { count: reduced.length, prices: reduced.join(', ') })}`
          : '';
      return `${detail.match} · ${translateMarketName(t, detail.market)}${note}`;
    }
    if (detail?.type === 'withdrawal')
      return t('wallet.statement.withdrawalTo', { id: detail.withdraw_id, destination: detail.destination });
    if (detail?.type === 'deposit')
      return t('wallet.statement.depositBy', { id: detail.order_id, method: t(`payments.methods.${detail.method}`) });
    if (row.subject !== null) return row.description || null;
    return showsNote(row) ? row.description : null;
  };
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
      render: (row) => {
        const detail = detailOf(row);
        return (
          <span className="wallet-cell__stack">
            <span data-testid="statement-title">{titleOf(row)}</span>
            {detail && (
              <span className="wallet-cell__muted" data-testid="statement-detail">
                {detail}
              </span>
            )}
            {isVoidLine(row) && (
              <span className="wallet-cell__muted" data-testid="statement-came-back">
                {t('wallet.statement.cameBack', { amount: formatRupees(row.released) })}
              </span>
            )}
            {row.movements.length > 1 && (
              <button
                type="button"
                className="wallet-cell__toggle"
                aria-expanded={expanded.has(row.id)}
                aria-controls={detailId(row)}
                onClick={() => toggle(row.id)}
              >
                {expanded.has(row.id)
                  ? t('wallet.statement.hideEntries')
                  : t('wallet.statement.showEntries', { count: row.movements.length })}
              </button>
            )}
          </span>
        );
      },
    },
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
      render: (row) => <span data-testid="statement-balance">{formatAmount(row.balance)}</span>,
    },
  ];

  /** The line's movements, newest first, each said in words with its time. */
  const renderMovements = (row: StatementRow) => {
    if (!expanded.has(row.id)) return undefined;
    const line = detailOf(row) ?? titleOf(row);
    return (
      <div className="wallet-statement__entries">
        <ol className="wallet-statement__movements" aria-label={t('wallet.statement.movementsOf', { line })}>
          {row.movements.map((movement) => {
            const words = movementWords(movement);
            return (
              <li key={movement.id} className="wallet-statement__movement" data-testid="statement-movement">
                <time dateTime={movement.date} className="wallet-cell__muted">
                  {dateFormat.format(new Date(movement.date))}
                </time>
                <span>{t(words.key, { amount: formatRupees(words.amount) })}</span>
              </li>
            );
          })}
        </ol>
        {row.entry_count > row.entries.length && <p className="wallet-cell__muted">{t('wallet.statement.moreMovements')}</p>}
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
      <p className="wallet-statement__how" data-testid="statement-balance-how">
        {t('wallet.statement.balanceHow')}
      </p>
      <DataTable
        caption={t('wallet.statement.title')}
        columns={columns}
        rows={statement.data?.rows}
        getRowKey={(row) => row.id}
        isLoading={statement.isPending}
        emptyMessage={t('wallet.statement.empty')}
        renderDetail={renderMovements}
        getDetailId={detailId}
      />
    </ReportFrame>
  );
}
