import { type ComponentType, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AfterFirstPaint } from '@/components/ui';
import { paths } from '@/config/paths';
import { useSettingsOrDefaults } from '@/lib/global-settings';
import { useSession } from '@/lib/session';
import { useSports } from '../api/get-sports';
import { brandName } from '../model/branding';
import { type SportsbookEntry, useSportsbookEntry } from '../model/use-sportsbook-entry';
import { BallIcon, BookIcon, CardsIcon, GamepadIcon, GlobeIcon, LiveIcon, ShieldIcon, SlotIcon, StarIcon } from './icons';
import { SportIcon } from './sport-icon';
import './home-hero.css';
import './home-page.css';

export interface HomePageProps {
  /** A guest who opens the external sportsbook gets the login modal (account feature). */
  onLoginRequired: () => void;
  guides: readonly { slug: string; titleKey: string }[];
  /** The casino lobby (casino feature), shown right under the hero. */
  lobby?: ReactNode;
}

interface SectionCard {
  to: string;
  key: string;
  icon: ComponentType<{ size?: number }>;
}

const SECTION_CARDS: SectionCard[] = [
  { to: paths.gameList('slot'), key: 'slots', icon: SlotIcon },
  { to: paths.gameList('Live-Casino'), key: 'liveCasino', icon: LiveIcon },
  { to: paths.brinoGameList('table-game'), key: 'tableGames', icon: CardsIcon },
  { to: paths.brinoGameList('super-game'), key: 'superGames', icon: StarIcon },
  { to: paths.brinoGameList('virtual-game'), key: 'virtualGames', icon: GamepadIcon },
];

/** /home: the casino landing. Everything on it is real navigation; no invented games or odds. */
export function HomePage({ onLoginRequired, guides, lobby }: HomePageProps) {
  const { t } = useTranslation();
  const sportsbook = useSportsbookEntry(onLoginRequired);
  const settings = useSettingsOrDefaults();
  const session = useSession();
  const siteName = brandName(settings);

  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-hero-title">
        <div className="home-hero__text">
          <p className="home-hero__eyebrow">
            {session
              ? t('shell.home.welcomeBack', { name: session.user.user_name })
              : siteName
                ? t('shell.home.eyebrow', { site: siteName })
                : t('site.welcome')}
          </p>
          <h1 id="home-hero-title" className="home-hero__title">
            {t('shell.home.title')}
          </h1>
          <p className="home-hero__lead">{t('shell.home.lead')}</p>
          <div className="home-hero__actions">
            <Link to={paths.gameList('slot')} className="home-cta home-cta--primary">
              {t('shell.home.playCasino')}
            </Link>
            {sportsbook.isAvailable ? (
              <Link to={sportsbook.href} className="home-cta home-cta--secondary">
                {t('shell.home.betSports')}
              </Link>
            ) : (
              <button type="button" className="home-cta home-cta--secondary" onClick={sportsbook.launch}>
                {t('shell.home.betSports')}
              </button>
            )}
          </div>
        </div>
        <div className="home-hero__art" aria-hidden="true">
          <span className="home-hero__card home-hero__card--back">A</span>
          <span className="home-hero__card home-hero__card--front">K</span>
          <span className="home-hero__chip home-hero__chip--one" />
          <span className="home-hero__chip home-hero__chip--two" />
          <span className="home-hero__ball" />
        </div>
      </section>
      {lobby}

      {/* Below the fold: rendered after the first paint, with the footer. */}
      <AfterFirstPaint>
        <HomeSectionCards sportsbook={sportsbook} />
        <HomeSports />
        <HomeTrustAndGuides guides={guides} />
      </AfterFirstPaint>
    </div>
  );
}

/*
 * The sections below the hero are memoised: the page renders again when the sports list or the
 * session changes, and only the section that shows it needs to (docs/shell.md "Speed").
 */
const HomeSectionCards = memo(function HomeSectionCards({ sportsbook }: { sportsbook: SportsbookEntry }) {
  const { t } = useTranslation();
  return (
    <section className="home-section" aria-labelledby="home-sections-title">
      <h2 id="home-sections-title" className="home-section__title">
        {t('shell.home.sectionsTitle')}
      </h2>
      <ul className="home-cards">
        {SECTION_CARDS.map(({ to, key, icon: Icon }) => (
          <li key={key}>
            <Link to={to} className={`home-card home-card--${key}`}>
              <span className="home-card__icon">
                <Icon size={28} />
              </span>
              <span className="home-card__name">{t(`nav.${key}`)}</span>
              <span className="home-card__text">{t(`shell.home.cards.${key}`)}</span>
            </Link>
          </li>
        ))}
        <li>
          {sportsbook.isAvailable ? (
            <Link to={sportsbook.href} className="home-card home-card--sports">
              <span className="home-card__icon">
                <BallIcon size={28} />
              </span>
              <span className="home-card__name">{t('nav.sports')}</span>
              <span className="home-card__text">{t('shell.home.cards.sports')}</span>
            </Link>
          ) : (
            <button type="button" className="home-card home-card--sports" onClick={sportsbook.launch}>
              <span className="home-card__icon">
                <BallIcon size={28} />
              </span>
              <span className="home-card__name">{t('nav.sportBook')}</span>
              <span className="home-card__text">{t('shell.home.cards.sports')}</span>
            </button>
          )}
        </li>
      </ul>
    </section>
  );
});

const HomeSports = memo(function HomeSports() {
  const { t } = useTranslation();
  const { activeSports } = useSports();
  if (activeSports.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-sports-title">
      <div className="home-section__head">
        <h2 id="home-sports-title" className="home-section__title">
          {t('shell.home.sportsTitle')}
        </h2>
        <Link to={paths.liveSports} className="home-section__more">
          <span className="home-live-dot" aria-hidden="true" />
          {t('nav.liveEvents')}
        </Link>
      </div>
      <ul className="home-sports">
        {activeSports.map((sport) => (
          <li key={sport.sport_id}>
            <Link to={paths.sport(sport.sport_id)} className="home-sport">
              <SportIcon sportId={sport.sport_id} size={18} />
              {t(`shell.sports.${sport.sport_id}`, { defaultValue: sport.name })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
});

const HomeTrustAndGuides = memo(function HomeTrustAndGuides({ guides }: Pick<HomePageProps, 'guides'>) {
  const { t } = useTranslation();
  return (
    <>
      <section className="home-section" aria-labelledby="home-trust-title">
        <h2 id="home-trust-title" className="home-section__title">
          {t('shell.home.trustTitle')}
        </h2>
        <ul className="home-trust">
          <li>
            <Link to={paths.provablyFair} className="home-trust__item">
              <ShieldIcon />
              <strong>{t('shell.home.trust.fairTitle')}</strong>
              <span>{t('shell.home.trust.fairText')}</span>
            </Link>
          </li>
          <li>
            <Link to={paths.responsibleGambling} className="home-trust__item">
              <StarIcon />
              <strong>{t('shell.home.trust.limitsTitle')}</strong>
              <span>{t('shell.home.trust.limitsText')}</span>
            </Link>
          </li>
          <li>
            <div className="home-trust__item">
              <GlobeIcon />
              <strong>{t('shell.home.trust.languagesTitle')}</strong>
              <span>{t('shell.home.trust.languagesText')}</span>
            </div>
          </li>
        </ul>
      </section>

      {guides.length > 0 && (
        <section className="home-section" aria-labelledby="home-guides-title">
          <h2 id="home-guides-title" className="home-section__title">
            {t('shell.home.guidesTitle')}
          </h2>
          <ul className="home-guides">
            {guides.map((guide) => (
              <li key={guide.slug}>
                <Link to={paths.blog(guide.slug)} className="home-guide">
                  <BookIcon size={20} />
                  <span>{t(guide.titleKey)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
});
