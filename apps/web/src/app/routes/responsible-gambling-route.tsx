import { expectSessionEnded, leaveToHome, openLoginModal } from '@/features/account';
// This module is itself a lazy chunk (lazy-pages.tsx): the content page and the controls come with it.
import { InfoPage } from '@/features/content/pages';
import { RgControls, RgGuestPrompt, useRgLimits } from '@/features/responsible-play/pages';
import { useSession } from '@/lib/session';

/**
 * /responsible-gambling (docs/responsible-play.md): the information page (content feature) holds
 * the controls (responsible-play feature) in its `rg-controls` slot for a logged-in player, and a
 * login prompt for a guest. A pause the player takes ends the session: the account feature then
 * expects the refusals and logs out.
 */
export function ResponsibleGamblingRoute() {
  const session = useSession();
  // The limits load while the page's text does, not after it.
  useRgLimits(Boolean(session));
  const controls = session ? (
    <RgControls onSessionEnding={expectSessionEnded} onLeave={leaveToHome} />
  ) : (
    <RgGuestPrompt onLogin={openLoginModal} />
  );
  return <InfoPage slug="responsible-gambling" widgets={{ 'rg-controls': controls }} />;
}
