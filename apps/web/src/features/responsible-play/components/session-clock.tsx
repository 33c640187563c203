import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionClock } from '../api/rg-calls';
import { elapsedMs, formatDuration, isoDuration, remainingMs } from '../model/session-clock';
import { useNow } from '../model/use-now';
import '../session.css';

/** Five minutes before the session limit ends the session, the clock says so in red. */
const ENDING_SOON_MS = 5 * 60_000;

/**
 * The session clock: time since login on the server's clock, and the time left when the player
 * set a session limit; it opens the controls. In the header on wide screens (a phone's header has
 * no room for it), and in the account menu everywhere. Its `rg/session` reading (every 5 minutes)
 * is the reality check's query.
 */
export function SessionClock({ placement }: { placement: 'header' | 'menu' }) {
  const { t } = useTranslation();
  const now = useNow(1_000);
  const clock = useSessionClock(true, 5 * 60_000).data;
  if (!clock) return null;
  const elapsed = elapsedMs(clock, now);
  const left = remainingMs(clock, now);
  const isEnding = left !== null && left < ENDING_SOON_MS;
  const label =
    left === null
      ? t('rg.clock.label', { elapsed: formatDuration(elapsed) })
      : t('rg.clock.labelWithLimit', { elapsed: formatDuration(elapsed), left: formatDuration(left) });

  if (placement === 'menu') {
    return (
      <Link to={paths.responsibleGambling} className="rg-clock-menu" data-testid="session-clock-menu">
        <span>{t('rg.clock.since')}</span>
        <time dateTime={isoDuration(elapsed)}>{formatDuration(elapsed)}</time>
        {left !== null && (
          <>
            <span>{t('rg.clock.left')}</span>
            <time dateTime={isoDuration(left)} className={isEnding ? 'rg-clock--ending' : undefined}>
              {formatDuration(left)}
            </time>
          </>
        )}
      </Link>
    );
  }
  return (
    <Link to={paths.responsibleGambling} className="rg-clock" aria-label={label} title={label} data-testid="session-clock">
      <span className="rg-clock__icon" aria-hidden="true">
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </svg>
      </span>
      <time dateTime={isoDuration(left ?? elapsed)} className={isEnding ? 'rg-clock--ending' : undefined}>
        {formatDuration(left ?? elapsed)}
      </time>
    </Link>
  );
}
