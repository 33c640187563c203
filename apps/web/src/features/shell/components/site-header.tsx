import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from './icons';
import { LanguageSwitcher } from './language-switcher';
import { SiteLogo } from './site-logo';

export interface SiteHeaderProps {
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
  sidebarId: string;
  /** The account corner (login/register or the user menu with balance), composed by the app. */
  accountArea: ReactNode;
}

export function SiteHeader({ isSidebarOpen, onToggleSidebar, sidebarId, accountArea }: SiteHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="shell-header">
      <button
        type="button"
        className="shell-header__menu"
        aria-expanded={isSidebarOpen}
        aria-controls={sidebarId}
        aria-label={t('shell.menu.label')}
        onClick={onToggleSidebar}
      >
        <MenuIcon />
      </button>
      <SiteLogo />
      <div className="shell-header__end">
        <LanguageSwitcher />
        <div className="shell-header__account">{accountArea}</div>
      </div>
    </header>
  );
}
