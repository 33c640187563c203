import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { updateStoredUser } from '@/lib/session';
import { useRgLimits } from '../api/rg-calls';
import { pauseStatus } from '../model/limits-model';
import { usePauseSentence } from './pause-status';
import '../session.css';

/**
 * A restricted session (the login answered `restricted: true`, docs/responsible-play.md): on every
 * page, what the pause allows and until when. Once the pause is over, the flag is dropped: the
 * server lets this session play again.
 */
export function RestrictedBanner() {
  const { t } = useTranslation();
  const limits = useRgLimits();
  const status = limits.data ? pauseStatus(limits.data) : null;
  const sentence = usePauseSentence(status ?? { status: 'none' });
  const isOver = status?.status === 'none';
  useEffect(() => {
    if (isOver) updateStoredUser({ restricted: false });
  }, [isOver]);
  if (isOver) return null;
  return (
    <div className="rg-banner" role="status" data-testid="restricted-banner">
      <p className="rg-banner__lead">{sentence ?? t('rg.banner.paused')}</p>
      <p>{t('rg.banner.allowed')}</p>
      <Link className="rg-link" to={paths.responsibleGambling}>
        {t('rg.banner.link')}
      </Link>
    </div>
  );
}
