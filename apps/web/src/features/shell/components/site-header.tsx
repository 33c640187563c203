import { memo, type ReactNode } from 'react';
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
  /** The match search, composed by the app from the sports feature. */
  search?: ReactNode;
}

export const SiteHeader = memo(function SiteHeader({
  isSidebarOpen,
  onToggleSidebar,
  sidebarId,
  accountArea,
  search,
}: SiteHeaderProps) {
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
        {search}
        <LanguageSwitcher />
        <div className="shell-header__account">{accountArea}</div>
      </div>
    </header>
  );
});
