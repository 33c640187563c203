import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { SPORTSBOOK_SPORT_ID } from '@app/shared';
import { paths } from '@/config/paths';
import { getSession } from '@/lib/session';
import { useSports } from '../api/get-sports';
import { launchExternalSportsbook, type SportsbookLauncher } from './sportsbook-launch';

export type { SportsbookLauncher } from './sportsbook-launch';

export interface SportsbookEntry {
  /** True: the sportsbook is our own /sports/4 page; false: the external sportsbook is launched. */
  isAvailable: boolean;
  href: string;
  /** For the external sportsbook: a guest gets the login modal (docs/product.md §5), a player the provider. */
  launch: () => void;
  /** The shared loading flag (docs/product.md §2 sportsbook layout) while the provider's address is fetched. */
  isLaunching: boolean;
}

/** The launcher the app gives the shell frame (ShellFrame's `launchSportsbook`). */
export const SportsbookLauncherContext = createContext<SportsbookLauncher | undefined>(undefined);

// One flag for the whole page: the sidebar, bottom bar and home page entries share it.
let isLaunchingNow = false;
const launchListeners = new Set<() => void>();
function setLaunching(value: boolean) {
  isLaunchingNow = value;
  for (const listener of launchListeners) listener();
}
function subscribeLaunching(listener: () => void) {
  launchListeners.add(listener);
  return () => launchListeners.delete(listener);
}

/**
 * Spec §4: when the sportsbook is available the entry links to /sports/4; otherwise it launches
 * the external one through the app's launcher.
 */
export function useSportsbookEntry(onLoginRequired: () => void, ownLauncher?: SportsbookLauncher): SportsbookEntry {
  const navigate = useNavigate();
  const { isSportsbookAvailable } = useSports();
  // The frame passes its own (it provides the context to the page below it).
  const launcher = useContext(SportsbookLauncherContext) ?? ownLauncher;
  const isLaunching = useSyncExternalStore(subscribeLaunching, () => isLaunchingNow);
  const launch = useCallback(
    () =>
      void launchExternalSportsbook({
        hasSession: Boolean(getSession()),
        launcher,
        origin: window.location.origin,
        isLaunching: isLaunchingNow,
        onLoginRequired,
        openSportsbook: (url) => void navigate(paths.sportbook(url)),
        setLaunching,
        // Spec §8: a failed launch is only logged.
        logError: (message, error) => console.error(message, error),
      }),
    [launcher, navigate, onLoginRequired],
  );
  // The same object while nothing in it changes, so the memoised sidebar and bottom bar that
  // receive it do not render again when the frame does (docs/shell.md "Speed").
  return useMemo(
    () => ({
      isAvailable: isSportsbookAvailable,
      href: isSportsbookAvailable ? paths.sport(SPORTSBOOK_SPORT_ID) : paths.sportbook(''),
      isLaunching,
      launch,
    }),
    [isSportsbookAvailable, isLaunching, launch],
  );
}
