import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint } from '@/components/ui';
import { useScrollToTopOnNavigate } from '../model/use-scroll-to-top';
import { useSidebar } from '../model/use-sidebar';
import { type SportsbookLauncher, SportsbookLauncherContext, useSportsbookEntry } from '../model/use-sportsbook-entry';
import { BottomBar } from './bottom-bar';
import { Branding } from './branding';
import { Sidebar } from './sidebar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SiteTicker } from './site-ticker';
import { WelcomeBanner } from './welcome-banner';
import './shell-header.css';
import './shell.css';
import './shell-pages.css';
import './shell-nav.css';
import './shell-footer.css';

export interface ShellFrameProps {
  /** casino: with footer; sports: without; sportsbook: full-bleed page for the provider frame. */
  variant: 'casino' | 'sports' | 'sportsbook';
  /** The account corner of the header, composed by the app from the account and wallet features. */
  accountArea: ReactNode;
  /** Modals of other features, mounted once. */
  modals?: ReactNode;
  /** The bet slip, when a page offers one (sports capability). */
  betSlip?: ReactNode;
  /** Footer guide links (content feature). */
  guides: readonly { slug: string; titleKey: string }[];
  /** Opens the login modal (account feature), e.g. when a guest opens the sportsbook. */
  onLoginRequired: () => void;
  /** The header's match search (sports feature). */
  headerSearch?: ReactNode;
  /** In-play matches per sport id, shown beside each sport in the sidebar (sports feature). */
  liveCounts?: Readonly<Record<number, number>>;
  /** Launches the external sportsbook (docs/product.md §7 gap/gaplogin, casino feature); without it the entry opens the unavailable page. */
  launchSportsbook?: SportsbookLauncher;
  /** Spec §2: the sidebar's Indian casino link shows (a provider's name holds the configured text). */
  showIndianCasino?: boolean;
  children: ReactNode;
}

/** The site frame every page lives in: ticker, header, sidebar, page, bet slip, bottom bar, footer. */
export function ShellFrame({
  variant,
  accountArea,
  modals,
  betSlip,
  guides,
  onLoginRequired,
  headerSearch,
  liveCounts,
  launchSportsbook,
  showIndianCasino = false,
  children,
}: ShellFrameProps) {
  const { t } = useTranslation();
  const sidebarId = useId();
  const sidebar = useSidebar();
  const sportsbook = useSportsbookEntry(onLoginRequired, launchSportsbook);
  useScrollToTopOnNavigate();

  return (
    <div className={`shell shell--${variant}`} data-sidebar-open={sidebar.isOpen}>
      <Branding />
      <a href="#main-content" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <SiteHeader
        isSidebarOpen={sidebar.isOpen}
        onToggleSidebar={sidebar.toggle}
        sidebarId={sidebarId}
        accountArea={accountArea}
        search={headerSearch}
      />
      <div className="shell__body">
        <Sidebar
          id={sidebarId}
          isOpen={sidebar.isOpen}
          isOverlay={!sidebar.isDesktop}
          onClose={sidebar.close}
          sportsbook={sportsbook}
          liveCounts={liveCounts}
          showIndianCasino={showIndianCasino}
        />
        {/* While the phone drawer is open, the page behind it is out of reach (like a modal). */}
        <div className="shell__content" inert={sidebar.isOpen && !sidebar.isDesktop}>
          <SiteTicker />
          <main id="main-content" className="shell__main" tabIndex={-1}>
            <SportsbookLauncherContext value={launchSportsbook}>{children}</SportsbookLauncherContext>
          </main>
          {variant === 'casino' && (
            <AfterFirstPaint>
              <SiteFooter guides={guides} />
            </AfterFirstPaint>
          )}
        </div>
        {betSlip && (
          <aside className="shell__betslip" aria-label={t('shell.betSlip')}>
            {betSlip}
          </aside>
        )}
      </div>
      <BottomBar sidebarId={sidebarId} isSidebarOpen={sidebar.isOpen} onToggleSidebar={sidebar.toggle} sportsbook={sportsbook} />
      <WelcomeBanner />
      {modals}
    </div>
  );
}
