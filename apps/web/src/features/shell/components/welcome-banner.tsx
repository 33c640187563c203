import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components/ui';
import { uploadImageUrl, useGlobalSettings } from '@/lib/global-settings';
import { useSession } from '@/lib/session';
import { storageKeys } from '@/lib/storage';

function spendWelcomeFlag(): void {
  localStorage.setItem(storageKeys.welcomePopup, 'false');
}

/**
 * After a login the welcome flag is 'true' (lib/session storeLogin): show the operator's welcome
 * banner until the player closes it, then clear the flag so it never shows again. The flag is
 * cleared on close, not on show, so a remount of the frame before the player saw it cannot lose
 * it. A forced password change comes first: the banner waits until it is done.
 */
export function WelcomeBanner() {
  const { t } = useTranslation();
  const { data: settings } = useGlobalSettings();
  const mustChangePassword = useSession()?.user.is_change_password === '1';
  const [isFlagged, setIsFlagged] = useState(() => localStorage.getItem(storageKeys.welcomePopup) === 'true');
  const bannerSrc = settings ? uploadImageUrl(settings.welcome_banner) : null;
  const hasNoBanner = settings !== undefined && bannerSrc === null;

  const close = () => {
    spendWelcomeFlag();
    setIsFlagged(false);
  };
  // No banner image set: nothing to show, so the login's flag is spent at once.
  useEffect(() => {
    if (isFlagged && hasNoBanner) {
      spendWelcomeFlag();
      setIsFlagged(false);
    }
  }, [isFlagged, hasNoBanner]);

  return (
    <Modal
      isOpen={isFlagged && !mustChangePassword && bannerSrc !== null}
      onClose={close}
      title={t('shell.welcome.title')}
      size="lg"
      className="shell-welcome"
    >
      {bannerSrc && <img src={bannerSrc} alt={t('shell.welcome.imageAlt')} className="shell-welcome__image" />}
      <div className="shell-welcome__actions">
        <Button onClick={close} isBlock>
          {t('shell.welcome.start')}
        </Button>
      </div>
    </Modal>
  );
}
