import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LOADING_STOP_DELAY_MS } from '@app/shared';
import { Loading } from '@/components/ui';
import { paths } from '@/config/paths';
import { useFrameHosts } from '../api/get-frame-hosts';
import { allowedSportsbookUrl } from '../model/sportsbook-frame-url';
import { TrophyIcon } from './icons';

/**
 * /sportbook?url=: frames the provider's launch address when its host is on the operator's
 * allowlist; otherwise says plainly that the sportsbook is not available. A loading overlay
 * stays until the frame has loaded (plus the spec's 1 s loading-stop delay).
 */
export function SportsbookFrame() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const frameHosts = useFrameHosts();
  const url = frameHosts.data ? allowedSportsbookUrl(params.get('url'), frameHosts.data) : null;

  if (frameHosts.isPending) return <Loading />;
  if (!url) {
    return (
      <section className="shell-page shell-sportsbook">
        <div className="shell-empty shell-empty--large" data-testid="sportsbook-unavailable">
          <span className="shell-empty__icon">
            <TrophyIcon size={32} />
          </span>
          <h1 className="shell-page__title">{t('shell.sportsbook.unavailableTitle')}</h1>
          <p>{t('shell.sportsbook.unavailableText')}</p>
          <Link to={paths.home} className="shell-empty__link">
            {t('common.backHome')}
          </Link>
        </div>
      </section>
    );
  }
  return <FramedSportsbook key={url} url={url} />;
}

function FramedSportsbook({ url }: { url: string }) {
  const { t } = useTranslation();
  const [isLoaded, setLoaded] = useState(false);
  const [isOverlayShown, setOverlayShown] = useState(true);

  useEffect(() => {
    if (!isLoaded) return;
    const timer = window.setTimeout(() => setOverlayShown(false), LOADING_STOP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isLoaded]);

  return (
    <div className="shell-sportsbook__stage">
      <iframe
        src={url}
        title={t('shell.sportsbook.frameTitle')}
        className="shell-sportsbook__frame"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="fullscreen"
        onLoad={() => setLoaded(true)}
      />
      {isOverlayShown && (
        <div className="shell-sportsbook__overlay">
          <Loading label={t('shell.sportsbook.loading')} />
        </div>
      )}
    </div>
  );
}
