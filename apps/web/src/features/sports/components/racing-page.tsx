import { formatMoment, type MatchRow, SPORTS } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useMatches } from '../api/get-matches';
import { formatStart } from '../model/format';
import { countdownText, type Meeting, nextToGo, raceDaysOf, raceStateOf } from '../model/race';
import { useNow } from '../model/use-now';
import { ListState } from './list-states';
import { RaceStateBadge } from './race-state-badge';
import './racing.css';
import './sports.css';

/**
 * `/sports/7` and `/sports/4339` (docs/sports.md "Racing"): the next races to go off in a strip,
 * then today's meetings by venue, each race with its off time and state, then later days'
 * meetings folded (venue, then race: two taps) and earlier results last. Driven by the sport's
 * match list alone, whichever feed fills it.
 */
export function RacingPage({ sportId }: { sportId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const now = useNow();
  const races = useMatches(sportId, undefined);
  const rows = races.data ?? [];
  const name = SPORTS.find((sport) => sport.sportId === sportId)?.name ?? '';
  const soonest = nextToGo(rows, now);
  return (
    <section className="sports-page racing-page">
      <h1 className="sports-page__title">{t(`shell.sports.${sportId}`, { defaultValue: name })}</h1>
      <ListState
        isPending={races.isPending}
        isError={races.isError}
        isEmpty={rows.length === 0}
        onRetry={() => void races.refetch()}
      />
      {soonest.length > 0 && (
        <nav className="next-to-go" aria-labelledby="next-to-go" data-testid="next-to-go">
          <h2 id="next-to-go" className="next-to-go__title">
            {t('racing.nextToGo')}
          </h2>
          <ol className="next-to-go__list">
            {soonest.map((race) => (
              <li key={race.match_id}>
                <Link to={paths.racingDetail(race.match_id)} className="next-to-go__race">
                  <span className="next-to-go__venue">{race.series_name}</span>
                  <time className="next-to-go__off" dateTime={race.start_time}>
                    {formatStart(race.start_time, language)}
                  </time>
                  <span className="next-to-go__left">
                    <span className="visually-hidden">{t('racing.offIn')} </span>
                    {countdownText(Date.parse(race.start_time) - now)}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {raceDaysOf(rows, now).map((day) => (
        <section
          key={day.day}
          className="race-day"
          aria-labelledby={`race-day-${day.day}`}
          data-testid="race-day"
          data-offset={day.offset}
        >
          <h2 id={`race-day-${day.day}`} className="race-day__title">
            {day.offset === 0
              ? t('racing.today')
              : day.offset === 1
                ? t('racing.tomorrow')
                : formatMoment(`${day.day}T12:00:00Z`, language, { timeZone: 'UTC', parts: 'date' })}
          </h2>
          {day.meetings.map((meeting) =>
            day.offset === 0 ? (
              <MeetingRaces key={meeting.seriesId} meeting={meeting} now={now} language={language} day={day.day} />
            ) : (
              <details key={meeting.seriesId} className="meeting meeting--folded" data-testid="meeting">
                <summary className="meeting__summary">
                  <span className="meeting__venue">{meeting.venue}</span>
                  <span className="meeting__count">
                    {t('racing.races', { count: meeting.races.length })}
                    {meeting.races[0] && ` · ${formatStart(meeting.races[0].start_time, language)}`}
                  </span>
                </summary>
                <RaceList races={meeting.races} now={now} language={language} />
              </details>
            ),
          )}
        </section>
      ))}
    </section>
  );
}

function MeetingRaces({ meeting, now, language, day }: { meeting: Meeting; now: number; language: string; day: string }) {
  const id = `meeting-${day}-${meeting.seriesId}`;
  return (
    <section className="meeting" aria-labelledby={id} data-testid="meeting">
      <h3 id={id} className="meeting__venue">
        {meeting.venue}
      </h3>
      <RaceList races={meeting.races} now={now} language={language} />
    </section>
  );
}

function RaceList({ races, now, language }: { races: MatchRow[]; now: number; language: string }) {
  return (
    <ol className="meeting__races">
      {races.map((race) => (
        <li key={race.match_id} data-testid="race-row" data-state={raceStateOf(race, now)}>
          <Link to={paths.racingDetail(race.match_id)} className="race-row">
            <time className="race-row__off" dateTime={race.start_time}>
              {formatStart(race.start_time, language)}
            </time>
            <span className="race-row__name">{race.name}</span>
            <RaceStateBadge race={race} now={now} />
          </Link>
        </li>
      ))}
    </ol>
  );
}
