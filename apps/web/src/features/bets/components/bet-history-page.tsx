import { type BetRow, formatRupees, SPORTS } from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable, ReportPage, useRangeAndPage } from '@/components/ui';
import { BET_REPORT_PAGE_SIZE, useBetHistory } from '../api/bets-calls';
import { formatProfitLoss } from '../model/bet-format';
import { useBetColumns, useProfitLossColumn } from './bet-columns';
import '../bets.css';

/** /report/bet-history: settled bets by settlement day, with result and profit or loss (90 days at most). */
export function BetHistoryPage() {
  const { t } = useTranslation();
  const paging = useRangeAndPage();
  const [sportId, setSportId] = useState<number | undefined>(undefined);
  const sportFieldId = useId();
  const history = useBetHistory({
    from_date: paging.range.from,
    to_date: paging.range.to,
    page: paging.page,
    ...(sportId === undefined ? {} : { sport_id: sportId }),
  });
  const columns: DataColumn<BetRow>[] = [
    ...useBetColumns(),
    {
      key: 'result',
      header: t('bets.columns.result'),
      render: (row) => (
        <>
          <span className={`bets-result bets-result--${row.status}`}>{t(`bets.status.${row.status}`)}</span>
          {row.settled_odds !== undefined && (
            <span className="bets-tag" title={t('bets.reducedHint')} data-testid="reduced-tag">
              {t('bets.reduced')}
            </span>
          )}
          {row.is_corrected === 1 && (
            <span className="bets-tag" title={t('bets.correctedHint')} data-testid="corrected-tag">
              {t('bets.corrected')}
            </span>
          )}
        </>
      ),
    },
    useProfitLossColumn(),
  ];
  return (
    <ReportPage
      title={t('bets.history.title')}
      subtitle={t('bets.history.subtitle')}
      paging={paging}
      isFetching={history.isFetching}
      error={history.error}
      onRetry={() => void history.refetch()}
      total={history.data?.total_rows ?? 0}
      pageSize={BET_REPORT_PAGE_SIZE}
      summary={
        <div className="bets-summary">
          <label className="bets-sport" htmlFor={sportFieldId}>
            {t('bets.history.sport')}
            <select
              id={sportFieldId}
              value={sportId ?? ''}
              onChange={(event) => {
                setSportId(event.target.value === '' ? undefined : Number(event.target.value));
                paging.setPage(1);
              }}
            >
              <option value="">{t('bets.history.allSports')}</option>
              {SPORTS.map((sport) => (
                <option key={sport.sportId} value={sport.sportId}>
                  {t(`shell.sports.${sport.sportId}`, { defaultValue: sport.name })}
                </option>
              ))}
            </select>
          </label>
          {history.data && (
            <dl className="bets-totals" aria-label={t('bets.totals')}>
              <div className="bets-totals__item">
                <dt>{t('bets.history.totalStake')}</dt>
                <dd>{formatRupees(history.data.totals.stack)}</dd>
              </div>
              <div className="bets-totals__item">
                <dt>{t('bets.history.totalProfitLoss')}</dt>
                <dd data-testid="history-total-pl">{formatProfitLoss(history.data.totals.profit_loss)}</dd>
              </div>
            </dl>
          )}
        </div>
      }
    >
      <DataTable
        caption={t('bets.history.title')}
        columns={columns}
        rows={history.data?.rows}
        getRowKey={(row) => row.bet_id}
        isLoading={history.isPending}
        emptyMessage={t('bets.history.empty')}
      />
    </ReportPage>
  );
}
