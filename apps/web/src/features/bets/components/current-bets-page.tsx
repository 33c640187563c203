import { type BetRow, type DataOf, type endpoints, formatAmount, formatRupees } from '@app/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMarketName } from '@/lib/market-name';
import { type DataColumn, DataTable, Pager } from '@/components/ui';
import { BET_REPORT_PAGE_SIZE, useCurrentBets } from '../api/bets-calls';
import { useBetColumns } from './bet-columns';
import { RunPosition } from './run-position';
import '../bets.css';
import '../cash-out.css';

/** A match-odds or bookmaker market the player has open bets in (cash out is offered on it). */
export type CurrentBetsMarket = DataOf<typeof endpoints.currentBets>['markets'][number];

/**
 * /report/current-bets: the player's open bets with what each holds, newest first; the run
 * position of each fancy line; and, when the app passes `renderCashOut` (it brings the live
 * prices), a cash out for each market with open bets.
 */
export function CurrentBetsPage({ renderCashOut }: { renderCashOut?: (market: CurrentBetsMarket) => ReactNode } = {}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const bets = useCurrentBets(page);
  const columns: DataColumn<BetRow>[] = [
    ...useBetColumns(),
    {
      key: 'liability',
      header: t('bets.columns.liability'),
      align: 'end',
      render: (row) => formatAmount(row.liability),
    },
  ];
  return (
    <section className="ui-report bets-report">
      <header>
        <h1 className="ui-report__title">{t('bets.current.title')}</h1>
        <p className="ui-report__subtitle">{t('bets.current.subtitle')}</p>
      </header>
      {bets.data && (
        <>
          <dl className="bets-totals" aria-label={t('bets.totals')}>
            <div className="bets-totals__item">
              <dt>{t('bets.current.exposure')}</dt>
              <dd data-testid="current-exposure">{formatRupees(bets.data.totals.exposure)}</dd>
            </div>
            <div className="bets-totals__item">
              <dt>{t('bets.current.totalStake')}</dt>
              <dd>{formatRupees(bets.data.totals.stack)}</dd>
            </div>
            <div className="bets-totals__item">
              <dt>{t('bets.current.totalLiability')}</dt>
              <dd>{formatRupees(bets.data.totals.liability)}</dd>
            </div>
          </dl>
          {/* How the header's exposure is counted (docs/betting.md "Reports"). */}
          <p className="bets-totals__how" data-testid="current-exposure-how">
            {t('bets.current.exposureHow')}
          </p>
        </>
      )}
      {/* Cash out first: on a phone it is what the player came for. */}
      {renderCashOut && (bets.data?.markets.length ?? 0) > 0 && (
        <section className="bets-cash-out" aria-labelledby="cash-out-title">
          <h2 id="cash-out-title" className="bets-cash-out__title">
            {t('bets.cashOut.title')}
          </h2>
          <ul className="bets-cash-out__list">
            {bets.data?.markets.map((market) => (
              <li key={market.market_id} className="bets-cash-out__item" data-testid="current-cash-out">
                <span className="bets-cash-out__market">
                  {market.match_name} · {translateMarketName(t, market.market_name)}
                </span>
                {renderCashOut(market)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {bets.error ? (
        <p className="ui-report__error" role="alert">
          {bets.error.message}
        </p>
      ) : (
        <DataTable
          caption={t('bets.current.title')}
          columns={columns}
          rows={bets.data?.rows}
          getRowKey={(row) => row.bet_id}
          isLoading={bets.isPending}
          emptyMessage={t('bets.current.empty')}
        />
      )}
      {(bets.data?.fancy.length ?? 0) > 0 && (
        <section className="bets-run-positions" aria-labelledby="run-positions-title">
          <h2 id="run-positions-title" className="bets-run-positions__title">
            {t('bets.runPosition.title')}
          </h2>
          <ul className="bets-run-positions__list">
            {bets.data?.fancy.map((line) => (
              <li key={line.fancy_id} className="bets-run-positions__line" data-testid="current-run-position">
                <RunPosition rows={line.run_position} summary={`${line.name} · ${line.match_name}`} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <Pager
        page={page}
        onPageChange={setPage}
        total={bets.data?.total_rows ?? 0}
        pageSize={BET_REPORT_PAGE_SIZE}
        isDisabled={bets.isFetching}
      />
    </section>
  );
}
