import { lazy, Suspense } from 'react';
import { logOut } from '@/features/account';
import { isRestrictedSession, useSession } from '@/lib/session';

/*
 * Responsible play's parts of the frame, for a logged-in player only: one chunk
 * (features/responsible-play/session.ts) loaded after the login, none of it on a guest's /home.
 */
const RealityCheck = lazy(() => import('@/features/responsible-play/session').then((m) => ({ default: m.RealityCheck })));
const SessionClock = lazy(() => import('@/features/responsible-play/session').then((m) => ({ default: m.SessionClock })));
const RestrictedBanner = lazy(() => import('@/features/responsible-play/session').then((m) => ({ default: m.RestrictedBanner })));

/** The reality check on every page; its Log out is the site's normal logout (account feature). */
export function RealityCheckSlot() {
  const session = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheck onLogout={logOut} />
    </Suspense>
  );
}

/** The session clock: in the header beside the balance (wide screens), and in the account menu. */
export function SessionClockSlot({ placement }: { placement: 'header' | 'menu' }) {
  const session = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <SessionClock placement={placement} />
    </Suspense>
  );
}

/** Above every page of a restricted session: what the pause allows, and until when. */
export function RestrictedBannerSlot() {
  const session = useSession();
  if (!session || !isRestrictedSession(session.user)) return null;
  return (
    <Suspense fallback={null}>
      <RestrictedBanner />
    </Suspense>
  );
}
