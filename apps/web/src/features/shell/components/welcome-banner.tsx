import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { uploadImageUrl, useGlobalSettings } from '@/lib/global-settings';
import { useSession } from '@/lib/session';
import { storageKeys } from '@/lib/storage';

// The dialog (and the modal it uses) loads only for a player who has a banner to see.
const WelcomeDialog = lazy(() => import('./welcome-dialog').then((m) => ({ default: m.WelcomeDialog })));

function spendWelcomeFlag(): void {
  localStorage.setItem(storageKeys.welcomePopup, 'false');
}

/**
 * After a login the welcome flag is 'true' (lib/session storeLogin): show the operator's welcome
 * banner until the player closes it, then clear the flag so it never shows again. The flag is
 * cleared on close, not on show, so a remount of the frame before the player saw it cannot lose
 * it. A forced password change comes first: the banner waits until it is done.
 *
 * Only a demo player is greeted (docs/shell.md "Ticker and welcome banner"): the operator's banner
 * invites people to try the site ("Play with the demo account"), which a real-money player was
 * told at every login. Their login's flag is spent at once.
 */
export const WelcomeBanner = memo(function WelcomeBanner() {
  const { data: settings } = useGlobalSettings();
  const session = useSession();
  const mustChangePassword = session?.user.is_change_password === '1';
  const isRealMoney = session !== null && session.user.is_demo !== '1';
  const [isFlagged, setIsFlagged] = useState(() => localStorage.getItem(storageKeys.welcomePopup) === 'true');
  const bannerSrc = settings ? uploadImageUrl(settings.welcome_banner) : null;
  const hasNoBanner = settings !== undefined && bannerSrc === null;

  const close = () => {
    spendWelcomeFlag();
    setIsFlagged(false);
  };
  // No banner image set, or a real-money player: nothing to show, so the login's flag is spent at once.
  useEffect(() => {
    if (isFlagged && (hasNoBanner || isRealMoney)) {
      spendWelcomeFlag();
      setIsFlagged(false);
    }
  }, [isFlagged, hasNoBanner, isRealMoney]);

  // Only for a logged-in player: a forced change that ends in a logout leaves a guest, not a welcome.
  if (!(isFlagged && session !== null && !isRealMoney && !mustChangePassword && bannerSrc !== null)) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog bannerSrc={bannerSrc} onClose={close} />
    </Suspense>
  );
});
