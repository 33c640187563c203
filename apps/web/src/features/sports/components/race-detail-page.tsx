import { isRacingSport, type MarketsSnapshot, placesPaid } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Loading } from '@/components/ui';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMatchMarkets } from '../api/get-markets';
import { formatStart } from '../model/format';
import { positionKey } from '../model/race';
import { useNow } from '../model/use-now';
import type { BookSlots, SelectionProps } from './match-list';
import { RaceMarket } from './race-market';
import { RaceStateBadge } from './race-state-badge';
import './racing.css';
import './sports.css';

type Match = MarketsSnapshot['match'];

/** The finishing order once the race is over: the placed runners first. */
function Placings({ match, places }: { match: Match; places: number }) {
  const { t } = useTranslation();
  const placings = match.scoreboard.placings ?? [];
  if (placings.length === 0) return null;
  return (
    <section className="race-result" aria-labelledby="race-result-title" data-testid="race-result">
      <h2 id="race-result-title" className="market__title">
        {t('racing.result')}
      </h2>
      <ol className="race-result__list">
        {placings.map((placing) => (
          <li key={placing.selection_id} data-placed={placing.position <= Math.max(1, places)}>
            <span className="race-result__position">{t(positionKey(placing.position), { position: placing.position })}</span>
            <span>{placing.name}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** `/sports-racing-detail/{matchId}`: the race card with Win and Place, live, and the result. */
export function RaceDetailPage({ matchId, renderRunner, ...selection }: { matchId: number } & SelectionProps & BookSlots) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const query = useMatchMarkets(matchId);
  const [tab, setTab] = useState<'WIN' | 'PLACE'>('WIN');
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="sports-page">
        <div className="sports-empty" role="alert">
          <p>{isMissing ? t('racing.raceNotFound') : t('sports.loadFailed')}</p>
          {!isMissing && (
            <button type="button" className="sports-chip" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          )}
        </div>
      </section>
    );
  }
  const { match, markets } = query.data;
  if (!isRacingSport(match.sport_id)) return <Navigate to={paths.sportDetail(matchId)} replace />;
  const shown = markets.find((market) => market.market_type === tab) ?? markets[0];
  const place = markets.find((market) => market.market_type === 'PLACE');
  const race = { in_play: match.in_play, start_time: match.start_time, placings: match.scoreboard.placings };
  return (
    <section className="sports-page race-detail" data-seq={query.data.seq}>
      <header className="match-detail__header">
        <p className="match-detail__series">
          <Link to={paths.sport(match.sport_id)}>{t(`shell.sports.${match.sport_id}`, { defaultValue: '' })}</Link> ·{' '}
          {match.series_name}
        </p>
        <h1 className="sports-page__title">{match.name}</h1>
        <p className="race-detail__meta">
          <span>{match.scoreboard.away}</span>
          <time dateTime={match.start_time}>{formatStart(match.start_time, i18n.language)}</time>
          <RaceStateBadge race={race} now={now} />
        </p>
      </header>
      <Placings match={match} places={place?.number_of_winners ?? 1} />
      {markets.length > 1 && (
        <div className="sports-chips" role="tablist" aria-label={t('racing.markets')}>
          {markets.map((market) => (
            <button
              key={market.market_id}
              type="button"
              role="tab"
              id={`race-tab-${market.market_type}`}
              aria-selected={shown?.market_id === market.market_id}
              aria-controls="race-market-panel"
              className="sports-chip"
              tabIndex={shown?.market_id === market.market_id ? 0 : -1}
              onClick={() => setTab(market.market_type === 'PLACE' ? 'PLACE' : 'WIN')}
              onKeyDown={(event) => {
                // Arrow keys move between the two tabs (the tab pattern), focus follows.
                if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                const next = tab === 'WIN' ? 'PLACE' : 'WIN';
                setTab(next);
                document.getElementById(`race-tab-${next}`)?.focus();
              }}
            >
              {market.market_type === 'PLACE' ? t('racing.place') : t('racing.win')}
            </button>
          ))}
        </div>
      )}
      {/* Only a small field explains a missing Place market (a Betfair recording may hold the Win market alone). */}
      {!place && markets.length === 1 && placesPaid(markets[0]?.runners.length ?? 0) === 0 && (
        <p className="race-detail__note">{t('racing.noPlace')}</p>
      )}
      {shown && (
        <div
          id="race-market-panel"
          {...(markets.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `race-tab-${shown.market_type}` } : {})}
        >
          <RaceMarket match={match} market={shown} renderRunner={renderRunner} {...selection} />
        </div>
      )}
    </section>
  );
}
