import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components/ui';
import { uploadImageUrl, useGlobalSettings } from '@/lib/global-settings';
import { useSession } from '@/lib/session';
import { storageKeys } from '@/lib/storage';

/**
 * After a login the welcome flag is 'true' (lib/session storeLogin): show the operator's welcome
 * banner once, then clear the flag so a reload does not show it again. A forced password change
 * comes first: the banner waits until it is done.
 */
export function WelcomeBanner() {
  const { t } = useTranslation();
  const { data: settings } = useGlobalSettings();
  const mustChangePassword = useSession()?.user.is_change_password === '1';
  const [bannerSrc, setBannerSrc] = useState<string | null>(null);

  useEffect(() => {
    if (!settings || mustChangePassword || localStorage.getItem(storageKeys.welcomePopup) !== 'true') return;
    localStorage.setItem(storageKeys.welcomePopup, 'false');
    const src = uploadImageUrl(settings.welcome_banner);
    if (src) setBannerSrc(src);
  }, [settings, mustChangePassword]);

  const close = () => setBannerSrc(null);
  return (
    <Modal isOpen={bannerSrc !== null} onClose={close} title={t('shell.welcome.title')} size="lg" className="shell-welcome">
      {bannerSrc && <img src={bannerSrc} alt={t('shell.welcome.imageAlt')} className="shell-welcome__image" />}
      <div className="shell-welcome__actions">
        <Button onClick={close} isBlock>
          {t('shell.welcome.start')}
        </Button>
      </div>
    </Modal>
  );
}
