import { type CasinoResultRow, formatRupees, latinDigitsLocale } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DataColumn, DataTable, ReportPage, useRangeAndPage } from '@/components/ui';
import { CASINO_REPORT_PAGE_SIZE, useCasinoResult } from '../api/casino-page-calls';
import '../casino.css';

function verifyLink(row: CasinoResultRow): string | undefined {
  if (!row.is_verifiable) return undefined;
  const crash = /^crash-(\d+)$/.exec(row.round);
  return crash ? `/provably-fair?crash=${crash[1]}` : `/provably-fair?round=${row.round}`;
}

/** /report/casino-result: every casino round with game, provider, round, stake, win and time. */
export function CasinoResultPage() {
  const { t, i18n } = useTranslation();
  const paging = useRangeAndPage();
  const report = useCasinoResult({ from_date: paging.range.from, to_date: paging.range.to, page: paging.page });
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const columns: DataColumn<CasinoResultRow>[] = [
    { key: 'date', header: t('casino.result.time'), render: (row) => dateFormat.format(new Date(row.date)) },
    { key: 'game', header: t('casino.result.game'), render: (row) => row.game_name },
    { key: 'provider', header: t('casino.result.provider'), render: (row) => row.provider_name },
    {
      key: 'round',
      header: t('casino.result.round'),
      render: (row) => <span className="casino-mono">{row.round.slice(0, 13)}</span>,
    },
    { key: 'stake', header: t('casino.result.stake'), align: 'end', render: (row) => formatRupees(row.stake) },
    { key: 'win', header: t('casino.result.win'), align: 'end', render: (row) => formatRupees(row.win) },
    {
      key: 'verify',
      header: t('casino.result.verify'),
      render: (row) => {
        const link = verifyLink(row);
        return link ? <Link to={link}>{t('casino.history.verifyLink')}</Link> : '—';
      },
    },
  ];
  return (
    <ReportPage
      title={t('casino.result.title')}
      subtitle={t('casino.result.subtitle')}
      paging={paging}
      isFetching={report.isFetching}
      error={report.error}
      onRetry={() => void report.refetch()}
      total={report.data?.total_rows ?? 0}
      pageSize={CASINO_REPORT_PAGE_SIZE}
      summary={
        report.data && (
          <p className="casino-totals">
            {t('casino.result.totals', {
              stake: formatRupees(report.data.totals.stake),
              win: formatRupees(report.data.totals.win),
            })}
          </p>
        )
      }
    >
      <DataTable
        caption={t('casino.result.title')}
        columns={columns}
        rows={report.data?.rows}
        getRowKey={(row) => row.id}
        isLoading={report.isPending}
        emptyMessage={t('casino.result.empty')}
      />
    </ReportPage>
  );
}
