import { memo, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AfterFirstPaint } from '@/components/ui';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useSports } from '../api/get-sports';
import type { SportsbookEntry } from '../model/use-sportsbook-entry';
import { CardsIcon, ClockIcon, ExternalIcon, HeartIcon, HomeIcon, LiveIcon, TrophyIcon } from './icons';
import { SportIcon } from './sport-icon';
import { LanguageSwitcher } from './language-switcher';
import { CASINO_SECTIONS, INFO_LINKS, type NavLinkItem } from './nav-links';

export interface SidebarProps {
  id: string;
  isOpen: boolean;
  /** Phones: the sidebar is a drawer over the page that closes on Esc, backdrop or navigation. */
  isOverlay: boolean;
  onClose: () => void;
  sportsbook: SportsbookEntry;
  /** In-play matches per sport id. */
  liveCounts?: Readonly<Record<number, number>> | undefined;
  /** Spec §2: the Indian casino link, when a provider's name holds the configured text. */
  showIndianCasino?: boolean;
}

const HOME_ITEM: NavLinkItem = { to: paths.home, labelKey: 'nav.home', icon: HomeIcon };
const RECENT_ITEM: NavLinkItem = { to: paths.recent, labelKey: 'nav.recent', icon: ClockIcon };
const FAVOURITES_ITEM: NavLinkItem = { to: paths.favourites, labelKey: 'nav.favourites', icon: HeartIcon };
const INDIAN_CASINO_ITEM: NavLinkItem = { to: paths.indianCasino, labelKey: 'nav.indianCasino', icon: CardsIcon };
const LIVE_ITEM: NavLinkItem = { to: paths.liveSports, labelKey: 'nav.liveEvents', icon: LiveIcon };
const UPCOMING_ITEM: NavLinkItem = { to: paths.upcomingSports, labelKey: 'nav.upcomingEvents', icon: ClockIcon };

const SidebarLink = memo(function SidebarLink({ item, onNavigate }: { item: NavLinkItem; onNavigate: () => void }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  return (
    <li>
      <NavLink to={item.to} className="shell-nav__link" onClick={onNavigate} end>
        {Icon && <Icon size={20} />}
        <span>{t(item.labelKey)}</span>
      </NavLink>
    </li>
  );
});

/**
 * Memoised: the frame renders again when the site's data arrives, and the sidebar (dozens of
 * links) only needs to when its own props, the session or the sports list change.
 */
export const Sidebar = memo(function Sidebar({
  id,
  isOpen,
  isOverlay,
  onClose,
  sportsbook,
  liveCounts,
  showIndianCasino = false,
}: SidebarProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { activeSports, isLoading } = useSports();
  const panelRef = useRef<HTMLElement>(null);
  const closeOnNavigate = useCallback(() => {
    if (isOverlay) onClose();
  }, [isOverlay, onClose]);

  useEffect(() => {
    if (!isOpen || !isOverlay) return;
    panelRef.current?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, isOverlay, onClose]);

  const languageSection = (
    <section className="shell-sidebar__language" aria-labelledby={`${id}-language`}>
      <h2 id={`${id}-language`} className="shell-nav__heading">
        {t('shell.language.label')}
      </h2>
      <LanguageSwitcher variant="list" />
    </section>
  );

  return (
    <>
      {isOverlay && isOpen && <div className="shell-sidebar__backdrop" onClick={onClose} aria-hidden="true" />}
      <nav
        id={id}
        ref={panelRef}
        tabIndex={-1}
        className="shell-sidebar"
        data-open={isOpen}
        data-overlay={isOverlay}
        aria-label={t('nav.mainMenu')}
        inert={!isOpen}
      >
        {/* The closed phone drawer is out of sight: its links render after the first paint. */}
        <AfterFirstPaint isNeeded={isOpen || !isOverlay}>
          {/* On phones the header has no room for the language menu: it leads the drawer instead. */}
          {isOverlay && languageSection}
          <ul className="shell-nav">
            <SidebarLink item={HOME_ITEM} onNavigate={closeOnNavigate} />
            {session && (
              <>
                <SidebarLink item={RECENT_ITEM} onNavigate={closeOnNavigate} />
                <SidebarLink item={FAVOURITES_ITEM} onNavigate={closeOnNavigate} />
              </>
            )}
          </ul>

          <h2 className="shell-nav__heading">{t('nav.casino')}</h2>
          <ul className="shell-nav">
            {CASINO_SECTIONS.map((item) => (
              <SidebarLink key={item.to} item={item} onNavigate={closeOnNavigate} />
            ))}
            {showIndianCasino && <SidebarLink item={INDIAN_CASINO_ITEM} onNavigate={closeOnNavigate} />}
          </ul>

          <h2 className="shell-nav__heading">{t('nav.sports')}</h2>
          <ul className="shell-nav">
            <li>
              {sportsbook.isAvailable ? (
                <NavLink to={sportsbook.href} className="shell-nav__link shell-nav__link--featured" onClick={closeOnNavigate}>
                  <TrophyIcon size={20} />
                  <span>{t('nav.sportsbook')}</span>
                </NavLink>
              ) : (
                <button
                  type="button"
                  className="shell-nav__link shell-nav__link--featured"
                  aria-busy={sportsbook.isLaunching}
                  onClick={() => {
                    closeOnNavigate();
                    sportsbook.launch();
                  }}
                >
                  <TrophyIcon size={20} />
                  <span>{t('nav.sportBook')}</span>
                  <ExternalIcon size={16} className="shell-nav__trailing" />
                </button>
              )}
            </li>
            <SidebarLink item={LIVE_ITEM} onNavigate={closeOnNavigate} />
            <SidebarLink item={UPCOMING_ITEM} onNavigate={closeOnNavigate} />
          </ul>
          <h3 className="shell-nav__subheading">{t('nav.allSports')}</h3>
          {isLoading ? (
            <p className="shell-nav__note">{t('common.loading')}</p>
          ) : activeSports.length === 0 ? (
            <p className="shell-nav__note">{t('nav.noSports')}</p>
          ) : (
            <ul className="shell-nav" data-testid="sidebar-sports">
              {activeSports.map((sport) => (
                <li key={sport.sport_id}>
                  <NavLink to={paths.sport(sport.sport_id)} className="shell-nav__link" onClick={closeOnNavigate}>
                    <SportIcon sportId={sport.sport_id} />
                    <span>{t(`shell.sports.${sport.sport_id}`, { defaultValue: sport.name })}</span>
                    {(liveCounts?.[sport.sport_id] ?? 0) > 0 && (
                      <span
                        className="shell-nav__live-count"
                        aria-label={t('sports.liveCount', { count: liveCounts?.[sport.sport_id] })}
                      >
                        {liveCounts?.[sport.sport_id]}
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}

          <h2 className="shell-nav__heading">{t('nav.information')}</h2>
          <ul className="shell-nav shell-nav--compact">
            {INFO_LINKS.map((item) => (
              <SidebarLink key={item.to} item={item} onNavigate={closeOnNavigate} />
            ))}
            <li>
              <a href={paths.affiliate} target="_blank" rel="noopener" className="shell-nav__link">
                <span>{t('nav.affiliate')}</span>
                <ExternalIcon size={16} className="shell-nav__trailing" />
                <span className="visually-hidden">{t('common.opensInNewTab')}</span>
              </a>
            </li>
          </ul>

          {!isOverlay && languageSection}
        </AfterFirstPaint>
      </nav>
    </>
  );
});
