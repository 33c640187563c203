import { useNavigate } from 'react-router';
import { SPORTSBOOK_SPORT_ID } from '@app/shared';
import { paths } from '@/config/paths';
import { getSession } from '@/lib/session';
import { useSports } from '../api/get-sports';

export interface SportsbookEntry {
  /** True: the sportsbook is our own /sports/4 page; false: the external sportsbook is launched. */
  isAvailable: boolean;
  href: string;
  /** For the external sportsbook: a guest gets the login modal (spec §5), a player the frame. */
  launch: () => void;
}

/**
 * Spec §4: when the sportsbook is available the entry links to /sports/4; otherwise it launches
 * the external one. The provider launch call (gap/gaplogin) arrives with a later capability, so a
 * player lands on the sportsbook frame, which says plainly that it is not available yet.
 */
export function useSportsbookEntry(onLoginRequired: () => void): SportsbookEntry {
  const navigate = useNavigate();
  const { isSportsbookAvailable } = useSports();
  return {
    isAvailable: isSportsbookAvailable,
    href: isSportsbookAvailable ? paths.sport(SPORTSBOOK_SPORT_ID) : paths.sportbook(''),
    launch: () => {
      if (!getSession()) onLoginRequired();
      else void navigate(paths.sportbook(''));
    },
  };
}
