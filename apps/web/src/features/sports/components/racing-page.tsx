import { SPORTS } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useMatches } from '../api/get-matches';
import { formatStart } from '../model/format';
import { meetingsOf, raceStateOf } from '../model/race';
import { useNow } from '../model/use-now';
import { ListState } from './list-states';
import { RaceStateBadge } from './race-state-badge';
import './racing.css';
import './sports.css';

/** `/sports/7` and `/sports/4339`: today's meetings by venue, each race with its off time and state. */
export function RacingPage({ sportId }: { sportId: number }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const races = useMatches(sportId, undefined);
  const rows = races.data ?? [];
  const name = SPORTS.find((sport) => sport.sportId === sportId)?.name ?? '';
  return (
    <section className="sports-page racing-page">
      <h1 className="sports-page__title">{t(`shell.sports.${sportId}`, { defaultValue: name })}</h1>
      <ListState
        isPending={races.isPending}
        isError={races.isError}
        isEmpty={rows.length === 0}
        onRetry={() => void races.refetch()}
      />
      {meetingsOf(rows, now).map((meeting) => (
        <section key={meeting.seriesId} className="meeting" aria-labelledby={`meeting-${meeting.seriesId}`} data-testid="meeting">
          <h2 id={`meeting-${meeting.seriesId}`} className="meeting__venue">
            {meeting.venue}
          </h2>
          <ol className="meeting__races">
            {meeting.races.map((race) => (
              <li key={race.match_id} data-testid="race-row" data-state={raceStateOf(race, now)}>
                <Link to={paths.racingDetail(race.match_id)} className="race-row">
                  <time className="race-row__off" dateTime={race.start_time}>
                    {formatStart(race.start_time, i18n.language)}
                  </time>
                  <span className="race-row__name">{race.name}</span>
                  <RaceStateBadge race={race} now={now} />
                </Link>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}
