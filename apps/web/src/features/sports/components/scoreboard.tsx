import type { MarketsSnapshot } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { formatStart } from '../model/format';

/** Scores, the state of play and the latest events, as the feed reports them. */
export function Scoreboard({ match }: { match: MarketsSnapshot['match'] }) {
  const { t, i18n } = useTranslation();
  const board = match.scoreboard;
  const sides = [board.home, board.away].filter(Boolean);
  return (
    <section className="scoreboard" aria-label={t('sports.scoreboard')} data-testid="scoreboard">
      <div className="scoreboard__state">
        {match.in_play ? (
          <span className="live-badge">{t('sports.live')}</span>
        ) : (
          <span>{t(`sports.board.${board.status}`)}</span>
        )}
        {board.status === 'not_started' && (
          <time dateTime={match.start_time}>{formatStart(match.start_time, i18n.language)}</time>
        )}
      </div>
      {sides.length === 2 && (
        <dl className="scoreboard__teams">
          <div>
            <dt>{board.home}</dt>
            <dd>{board.home_score || '–'}</dd>
          </div>
          <div>
            <dt>{board.away}</dt>
            <dd>{board.away_score || '–'}</dd>
          </div>
        </dl>
      )}
      {board.note && <p className="scoreboard__note">{board.note}</p>}
      {board.timeline.length > 0 && (
        <details className="scoreboard__timeline">
          <summary>{t('sports.timeline')}</summary>
          <ol>
            {board.timeline.map((event, index) => (
              <li key={`${event.at}-${index}`} data-kind={event.kind}>
                <span className="timeline__at">{event.at}</span>
                <span className="timeline__kind">{t(`sports.events.${event.kind}`)}</span>
                {event.side !== null && <span>{event.side === 0 ? board.home : board.away}</span>}
                <span className="timeline__detail">{event.detail}</span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
