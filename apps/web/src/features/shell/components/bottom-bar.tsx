import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import type { SportsbookEntry } from '../model/use-sportsbook-entry';
import { BallIcon, CardsIcon, GridIcon, TicketIcon } from './icons';

export interface BottomBarProps {
  sidebarId: string;
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
  sportsbook: SportsbookEntry;
}

/** Phones only (docs/product.md §2): Browse toggles the sidebar, Casino, Sport Book (or Sports), Bets. */
export const BottomBar = memo(function BottomBar({ sidebarId, isSidebarOpen, onToggleSidebar, sportsbook }: BottomBarProps) {
  const { t } = useTranslation();
  return (
    <nav className="shell-bottombar" aria-label={t('nav.quickMenu')}>
      <button
        type="button"
        className="shell-bottombar__item"
        aria-expanded={isSidebarOpen}
        aria-controls={sidebarId}
        onClick={onToggleSidebar}
      >
        <GridIcon />
        <span>{t('nav.browse')}</span>
      </button>
      <NavLink to={paths.home} className="shell-bottombar__item" end>
        <CardsIcon />
        <span>{t('nav.casino')}</span>
      </NavLink>
      {sportsbook.isAvailable ? (
        <NavLink to={sportsbook.href} className="shell-bottombar__item">
          <BallIcon />
          <span>{t('nav.sports')}</span>
        </NavLink>
      ) : (
        <button type="button" className="shell-bottombar__item" onClick={sportsbook.launch} aria-busy={sportsbook.isLaunching}>
          <BallIcon />
          <span>{t('nav.sportBook')}</span>
        </button>
      )}
      <NavLink to={paths.report.currentBets} className="shell-bottombar__item">
        <TicketIcon />
        <span>{t('nav.bets')}</span>
      </NavLink>
    </nav>
  );
});
