import { isBookmakerMarket, isRacingSport } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Loading } from '@/components/ui';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMatchMarkets } from '../api/get-markets';
import { BookmakerMarket, FancyTable, LadderMarket } from './market-tables';
import type { BookSlots, SelectionProps } from './match-list';
import { Scoreboard } from './scoreboard';
import './sports.css';

/** `/sports-detail/{matchId}`: scoreboard, match odds ladder, bookmaker and fancy, live. */
export function MatchDetailPage({
  matchId,
  renderRunner,
  renderFancy,
  renderMarket,
  ...selection
}: { matchId: number } & SelectionProps & BookSlots) {
  const { t } = useTranslation();
  const query = useMatchMarkets(matchId);
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="sports-page">
        <div className="sports-empty" role="alert">
          <p>{isMissing ? t('sports.matchNotFound') : t('sports.loadFailed')}</p>
          {isMissing ? (
            <Link to={paths.liveSports} className="sports-chip">
              {t('nav.liveEvents')}
            </Link>
          ) : (
            <button type="button" className="sports-chip" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          )}
        </div>
      </section>
    );
  }
  const { match, markets, fancy } = query.data;
  // A race has its own card (Win and Place, cloth numbers, placings).
  if (isRacingSport(match.sport_id)) return <Navigate to={paths.racingDetail(matchId)} replace />;
  return (
    <section className="sports-page match-detail" data-seq={query.data.seq}>
      <header className="match-detail__header">
        <p className="match-detail__series">
          <Link to={paths.sport(match.sport_id)}>{t(`shell.sports.${match.sport_id}`, { defaultValue: '' })}</Link> ·{' '}
          {match.series_name}
        </p>
        <h1 className="sports-page__title">{match.name}</h1>
      </header>
      <Scoreboard match={match} />
      {markets.map((market) =>
        isBookmakerMarket(market.market_id, market.market_name) ? (
          <BookmakerMarket
            key={market.market_id}
            match={match}
            market={market}
            renderRunner={renderRunner}
            renderMarket={renderMarket}
            {...selection}
          />
        ) : (
          <LadderMarket
            key={market.market_id}
            match={match}
            market={market}
            renderRunner={renderRunner}
            renderMarket={renderMarket}
            {...selection}
          />
        ),
      )}
      {fancy.length > 0 && <FancyTable match={match} lines={fancy} renderFancy={renderFancy} {...selection} />}
    </section>
  );
}
