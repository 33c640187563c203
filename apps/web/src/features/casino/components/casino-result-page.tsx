import { type CasinoResultRow, formatMoment, formatRupees } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DataColumn, DataTable, ReportPage, toast, useRangeAndPage } from '@/components/ui';
import { CASINO_REPORT_PAGE_SIZE, useCasinoResult } from '../api/casino-page-calls';
import { gameDisplayName } from '../model/game-name';
import '../casino.css';

function verifyLink(row: CasinoResultRow): string | undefined {
  if (!row.is_verifiable) return undefined;
  const crash = /^crash-(\d+)$/.exec(row.round);
  return crash ? `/provably-fair?crash=${crash[1]}` : `/provably-fair?round=${row.round}`;
}

/** A round id as players read it: short ids whole, long ones (a uuid) their first 8 characters. */
export function shortRoundId(round: string): string {
  return round.length > 12 ? `${round.slice(0, 8)}…` : round;
}

/** The round's short id and a button that copies the whole one (for support, or to verify by hand). */
function RoundId({ round }: { round: string }) {
  const { t } = useTranslation();
  const copy = () =>
    navigator.clipboard.writeText(round).then(
      () => toast.success(t('casino.result.copied')),
      () => toast.error(t('casino.result.copyFailed')),
    );
  return (
    <span className="casino-round-id">
      <span className="casino-mono" title={round}>
        {shortRoundId(round)}
      </span>
      <button
        type="button"
        className="casino-round-id__copy"
        onClick={() => void copy()}
        aria-label={t('casino.result.copy', { round })}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M8 8h11v13H8zM5 3h11v3H7v11H5z" fill="currentColor" />
        </svg>
      </button>
    </span>
  );
}

/** /report/casino-result: every casino round with game, provider, round, stake, win and time. */
export function CasinoResultPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const paging = useRangeAndPage();
  const report = useCasinoResult({ from_date: paging.range.from, to_date: paging.range.to, page: paging.page });
  const columns: DataColumn<CasinoResultRow>[] = [
    { key: 'date', header: t('casino.result.time'), render: (row) => formatMoment(row.date, language) },
    {
      key: 'game',
      header: t('casino.result.game'),
      render: (row) => gameDisplayName(t, { code: row.game_code, provider_code: row.provider_code, name: row.game_name }),
    },
    { key: 'provider', header: t('casino.result.provider'), render: (row) => row.provider_name },
    {
      key: 'round',
      header: t('casino.result.round'),
      render: (row) => <RoundId round={row.round} />,
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
