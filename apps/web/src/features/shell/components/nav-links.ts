import type { ComponentType } from 'react';
import { paths } from '@/config/paths';
import { CardsIcon, GamepadIcon, GridIcon, LiveIcon, SlotIcon, StarIcon } from './icons';

export interface NavLinkItem {
  to: string;
  /** Translation key of the label. */
  labelKey: string;
  icon?: ComponentType<{ size?: number }>;
}

/** Casino sections (docs/product.md §2 game-list routes), used by the sidebar, footer and home page. */
export const CASINO_SECTIONS: NavLinkItem[] = [
  { to: paths.gameList('slot'), labelKey: 'nav.slots', icon: SlotIcon },
  { to: paths.gameList('Live-Casino'), labelKey: 'nav.liveCasino', icon: LiveIcon },
  { to: paths.brinoGameList('table-game'), labelKey: 'nav.tableGames', icon: CardsIcon },
  { to: paths.brinoGameList('super-game'), labelKey: 'nav.superGames', icon: StarIcon },
  { to: paths.brinoGameList('virtual-game'), labelKey: 'nav.virtualGames', icon: GamepadIcon },
  { to: paths.providers, labelKey: 'nav.providers', icon: GridIcon },
];

/** Information and policy pages (content feature). */
export const INFO_LINKS: NavLinkItem[] = [
  { to: paths.provablyFair, labelKey: 'nav.provablyFair' },
  { to: paths.responsibleGambling, labelKey: 'nav.responsibleGambling' },
  { to: paths.policy('self-exclusion'), labelKey: 'nav.selfExclusion' },
  { to: paths.policy('privacy'), labelKey: 'nav.privacy' },
  { to: paths.policy('anti-money-laundering'), labelKey: 'nav.antiMoneyLaundering' },
  { to: paths.policy('terms'), labelKey: 'nav.terms' },
];
