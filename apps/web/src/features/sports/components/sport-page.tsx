import { SPORTS } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from '../api/get-matches';
import { useSeries } from '../api/get-series';
import { ListState } from './list-states';
import { MatchList, type SelectionProps } from './match-list';
import './sports.css';

/** `/sports/{sportId}`: the sport's series as filters, then its matches, in-play first. */
export function SportPage({ sportId, ...selection }: { sportId: number } & SelectionProps) {
  const { t } = useTranslation();
  const [seriesId, setSeriesId] = useState<number | undefined>();
  const series = useSeries(sportId);
  const matches = useMatches(sportId, seriesId);
  const name = SPORTS.find((sport) => sport.sportId === sportId)?.name ?? '';
  const rows = matches.data ?? [];
  return (
    <section className="sports-page">
      <h1 className="sports-page__title">{t(`shell.sports.${sportId}`, { defaultValue: name })}</h1>
      {(series.data?.length ?? 0) > 0 && (
        <div className="sports-chips" role="group" aria-label={t('sports.series')}>
          <button
            type="button"
            className="sports-chip"
            aria-pressed={seriesId === undefined}
            onClick={() => setSeriesId(undefined)}
          >
            {t('sports.allSeries')}
          </button>
          {series.data?.map((item) => (
            <button
              key={item.series_id}
              type="button"
              className="sports-chip"
              aria-pressed={seriesId === item.series_id}
              onClick={() => setSeriesId(item.series_id)}
            >
              {item.name}
            </button>
          ))}
        </div>
      )}
      <ListState
        isPending={matches.isPending}
        isError={matches.isError}
        isEmpty={rows.length === 0}
        onRetry={() => void matches.refetch()}
      />
      {rows.length > 0 && <MatchList rows={rows} {...selection} />}
    </section>
  );
}
