import { SPORTS } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useEventList } from '../api/get-event-lists';
import { ListState } from './list-states';
import { MatchList, type SelectionProps } from './match-list';
import './sports.css';

/** `/sports/live/all` and `/sports/upcoming/all`: matches across sports, grouped by sport. */
export function EventsPage({ kind, ...selection }: { kind: 'live' | 'upcoming' } & SelectionProps) {
  const { t } = useTranslation();
  const list = useEventList(kind);
  const rows = list.data ?? [];
  const groups = SPORTS.map((sport) => ({ sport, rows: rows.filter((row) => row.sport_id === sport.sportId) })).filter(
    (group) => group.rows.length > 0,
  );
  return (
    <section className="sports-page">
      <h1 className="sports-page__title">{t(kind === 'live' ? 'nav.liveEvents' : 'nav.upcomingEvents')}</h1>
      <ListState
        isPending={list.isPending}
        isError={list.isError}
        isEmpty={rows.length === 0}
        onRetry={() => void list.refetch()}
      />
      {groups.map(({ sport, rows: sportRows }) => (
        <section key={sport.sportId} className="sports-group" aria-labelledby={`sport-group-${sport.sportId}`}>
          <h2 id={`sport-group-${sport.sportId}`} className="sports-group__title">
            {t(`shell.sports.${sport.sportId}`, { defaultValue: sport.name })}
            <span className="sports-group__count">{sportRows.length}</span>
          </h2>
          <MatchList rows={sportRows} {...selection} />
        </section>
      ))}
    </section>
  );
}
