import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { clearConsoleSession, type ConsoleSession } from '../lib/console-session';
import { logoutConsole } from '../api/console-calls';
import { LanguageSelect } from './language-select';
import { visibleSections } from '../model/navigation';

/**
 * The console's frame: a side navigation on desktop, a menu behind a button on a phone; the
 * operator's name and role, the language, and log out. Sections the role may not use are hidden
 * (the server refuses them anyway).
 */
export function ConsoleLayout({ session }: { session: ConsoleSession }) {
  const { t } = useTranslation('admin');
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const location = useLocation();
  const navId = useId();
  const sections = visibleSections(session);

  // A phone's menu closes once a section is chosen.
  useEffect(() => setIsMenuOpen(false), [location.pathname]);

  async function logOut() {
    await logoutConsole().catch(() => undefined);
    clearConsoleSession();
  }

  return (
    <div className="console">
      <header className="console__header">
        <button
          type="button"
          className="console__menu-button"
          aria-expanded={isMenuOpen}
          aria-controls={navId}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{t('nav.menu')}</span>
        </button>
        <span className="console__brand">{t('title')}</span>
        <span className="console__who" data-testid="console-operator">
          {session.operator} · {t(`roles.${session.role}`, { defaultValue: session.role })}
        </span>
        <LanguageSelect />
        <button type="button" className="console__logout" onClick={() => void logOut()}>
          {t('nav.logout')}
        </button>
      </header>
      <div className="console__body">
        <nav id={navId} className={`console__nav${isMenuOpen ? ' console__nav--open' : ''}`} aria-label={t('nav.label')}>
          <ul>
            {sections.map((section) => (
              <li key={section.path}>
                <NavLink
                  to={section.path}
                  end={section.isEnd}
                  className="console__nav-link"
                  // The section already open is chosen again: the menu closes all the same.
                  onClick={() => setIsMenuOpen(false)}
                >
                  {t(`nav.${section.id}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="console__main" id="console-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
