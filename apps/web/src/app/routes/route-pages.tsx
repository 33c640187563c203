import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SPORTS } from '@app/shared';
import { openLoginModal } from '@/features/account';
import { blogGuides } from '@/features/content';
import { ComingSoonPage, HomePage, NotFoundPage } from '@/features/shell';

export function HomeRoute() {
  return <HomePage onLoginRequired={openLoginModal} guides={blogGuides} />;
}

/** A route whose capability arrives later: its real title and a plain "coming soon" line. */
export function ComingSoonRoute({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(titleKey)} />;
}

const ALL_GAME_GROUPS: Record<string, string> = { slot: 'nav.slots', 'Live-Casino': 'nav.liveCasino' };
const BRINO_GAME_GROUPS: Record<string, string> = {
  'table-game': 'nav.tableGames',
  'super-game': 'nav.superGames',
  'virtual-game': 'nav.virtualGames',
};

/** /home/group/all-game-list/{slot|Live-Casino} and /home/group/brino-game-list/{table|super|virtual}-game. */
export function GameListRoute({ kind }: { kind: 'all' | 'brino' }) {
  const { group = '' } = useParams();
  const titleKey = (kind === 'all' ? ALL_GAME_GROUPS : BRINO_GAME_GROUPS)[group];
  return titleKey ? <ComingSoonRoute titleKey={titleKey} /> : <NotFoundPage />;
}

/** /sports/{sportId}: only the catalogue's sport ids exist. */
export function SportRoute() {
  const { t } = useTranslation();
  const { sportId = '' } = useParams();
  const sport = /^-?\d+$/.test(sportId) ? SPORTS.find((item) => item.sportId === Number(sportId)) : undefined;
  if (!sport) return <NotFoundPage />;
  return <ComingSoonPage title={t(`shell.sports.${sport.sportId}`, { defaultValue: sport.name })} />;
}
