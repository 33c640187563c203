import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { uploadImageUrl, useSettingsOrDefaults } from '@/lib/global-settings';
import { pageTitle } from '../model/branding';

/** The operator's logo linking home; the site title (or host name) when there is no logo or it fails. */
export function SiteLogo() {
  const settings = useSettingsOrDefaults();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const name = pageTitle(settings, window.location.hostname);
  const src = uploadImageUrl(settings.logo);
  const showImage = src !== null && failedSrc !== src;
  return (
    <Link to={paths.home} className="shell-logo" aria-label={name}>
      {showImage ? (
        <img src={src} alt="" className="shell-logo__image" onError={() => setFailedSrc(src)} />
      ) : (
        <span className="shell-logo__text">{name}</span>
      )}
    </Link>
  );
}
