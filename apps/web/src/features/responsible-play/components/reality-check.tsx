import { useEffect, useRef, useState } from 'react';
import { formatRupees } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Modal, toast } from '@/components/ui';
import { paths } from '@/config/paths';
import { useContinueSession, useSessionClock } from '../api/rg-calls';
import { formatSignedRupees } from '../model/format';
import {
  elapsedMs,
  formatDuration,
  isoDuration,
  isRealityCheckDue,
  remainingMs,
  type SessionClock,
} from '../model/session-clock';
import { useNow } from '../model/use-now';
import '../session.css';

/** Asked again now and then: the controls may change in another tab, which may also have continued. */
const IDLE_REFETCH_MS = 5 * 60_000;
/** While the check is showing: another tab's Continue closes it here too. */
const DUE_REFETCH_MS = 30_000;

/**
 * The reality check (docs/responsible-play.md): on every page of a logged-in player, when the
 * server's clock reaches `next_reality_check_at`, a dialog with the time since login and the net
 * result since login, and Continue (`rg/continueSession`) or Log out. A reload asks the server
 * again, so it never resets the interval. A session limit reached is the server's to end: the
 * clock asks it then, and its refusal logs the player out with the reason.
 */
export function RealityCheck({ onLogout }: { onLogout: () => void }) {
  const now = useNow(1_000);
  const [dueSince, setDueSince] = useState<number | null>(null);
  const query = useSessionClock(true, dueSince === null ? IDLE_REFETCH_MS : DUE_REFETCH_MS);
  const clock = query.data;
  const isDue = clock !== undefined && isRealityCheckDue(clock, now);
  const { refetch } = query;

  // Just due: ask the server for the figures as they are now (and whether another tab continued).
  useEffect(() => {
    if (!isDue) {
      setDueSince(null);
      return;
    }
    setDueSince((since) => since ?? Date.now());
  }, [isDue]);
  useEffect(() => {
    if (dueSince !== null) void refetch();
  }, [dueSince, refetch]);

  // The session limit is reached: the server's answer ends the session with its reason.
  const isOver = clock !== undefined && remainingMs(clock, now) === 0;
  useEffect(() => {
    if (isOver) void refetch();
  }, [isOver, refetch]);

  const isShown = clock !== undefined && isDue && dueSince !== null && query.dataUpdatedAt >= dueSince;
  if (!isShown) return null;
  return <RealityCheckDialog clock={clock} now={now} onLogout={onLogout} />;
}

function RealityCheckDialog({ clock, now, onLogout }: { clock: SessionClock; now: number; onLogout: () => void }) {
  const { t } = useTranslation();
  const proceed = useContinueSession();
  const continueRef = useRef<HTMLButtonElement>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const elapsed = elapsedMs(clock, now);
  const left = remainingMs(clock, now);
  return (
    <Modal
      isOpen
      isDismissible={false}
      onClose={() => undefined}
      title={t('rg.reality.title')}
      size="sm"
      initialFocusRef={continueRef}
      footer={
        <>
          <Button
            variant="secondary"
            isLoading={isLeaving}
            onClick={() => {
              setIsLeaving(true);
              onLogout();
            }}
          >
            {t('rg.reality.logout')}
          </Button>
          <Button
            ref={continueRef}
            isLoading={proceed.isPending}
            onClick={() => proceed.mutate(undefined, { onError: (error) => toast.error(error.message) })}
          >
            {t('rg.reality.continue')}
          </Button>
        </>
      }
    >
      <div className="rg-dialog" data-testid="reality-check">
        <p>{t('rg.reality.intro', { count: clock.realityCheckMinutes })}</p>
        <dl className="rg-facts">
          <div>
            <dt>{t('rg.reality.elapsed')}</dt>
            <dd data-testid="reality-elapsed">
              <time dateTime={isoDuration(elapsed)}>{formatDuration(elapsed)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('rg.reality.staked')}</dt>
            <dd data-testid="reality-staked">{formatRupees(clock.staked)}</dd>
          </div>
          <div>
            <dt>{t('rg.reality.won')}</dt>
            <dd data-testid="reality-won">{formatRupees(clock.won)}</dd>
          </div>
          <div>
            <dt>{t('rg.reality.net')}</dt>
            <dd data-testid="reality-net" className={clock.netResult < 0 ? 'rg-negative' : undefined}>
              {formatSignedRupees(clock.netResult)}
            </dd>
          </div>
          {left !== null && (
            <div>
              <dt>{t('rg.reality.left')}</dt>
              <dd>
                <time dateTime={isoDuration(left)}>{formatDuration(left)}</time>
              </dd>
            </div>
          )}
        </dl>
        <p className="rg-note">{t('rg.reality.netNote')}</p>
        {/* Following a link is continuing: the check closes and the page opens behind it. */}
        <nav className="rg-reality-links" aria-label={t('rg.reality.linksLabel')}>
          <Link to={paths.report.betHistory} onClick={() => proceed.mutate(undefined)} data-testid="reality-history">
            {t('rg.reality.history')}
          </Link>
          <Link to={paths.report.casinoResult} onClick={() => proceed.mutate(undefined)}>
            {t('rg.reality.casinoHistory')}
          </Link>
          <Link to={paths.responsibleGambling} onClick={() => proceed.mutate(undefined)} data-testid="reality-limits">
            {t('rg.reality.limits')}
          </Link>
        </nav>
      </div>
    </Modal>
  );
}
