import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOOTER_SPORT_IDS, SPORTS } from '@app/shared';
import { paths } from '@/config/paths';
import { useSettingsOrDefaults } from '@/lib/global-settings';
import { brandName } from '../model/branding';
import { contactAddresses, socialLinks } from '../model/footer';
import { ExternalIcon, MailIcon } from './icons';
import { CASINO_SECTIONS, INFO_LINKS } from './nav-links';
import { PaymentBadges } from './payment-badges';

export interface SiteFooterProps {
  /** The blog guides (content feature): slug and title key. */
  guides: readonly { slug: string; titleKey: string }[];
}

export const SiteFooter = memo(function SiteFooter({ guides }: SiteFooterProps) {
  const { t } = useTranslation();
  const settings = useSettingsOrDefaults();
  const siteName = brandName(settings);
  const contacts = contactAddresses(window.location.hostname);
  const socials = socialLinks(settings);
  const footerSports = FOOTER_SPORT_IDS.map((id) => SPORTS.find((sport) => sport.sportId === id)).filter((sport) => !!sport);

  return (
    <footer className="shell-footer">
      <div className="shell-footer__columns">
        <nav className="shell-footer__column" aria-labelledby="footer-casino">
          <h2 id="footer-casino">{t('footer.casino')}</h2>
          <ul>
            {CASINO_SECTIONS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{t(item.labelKey)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="shell-footer__column" aria-labelledby="footer-sports">
          <h2 id="footer-sports">{t('footer.sports')}</h2>
          <ul data-testid="footer-sports">
            {footerSports.map((sport) => (
              <li key={sport.sportId}>
                <Link to={paths.sport(sport.sportId)}>{t(`shell.sports.${sport.sportId}`, { defaultValue: sport.name })}</Link>
              </li>
            ))}
            <li>
              <Link to={paths.liveSports}>{t('nav.liveEvents')}</Link>
            </li>
          </ul>
        </nav>
        <nav className="shell-footer__column" aria-labelledby="footer-help">
          <h2 id="footer-help">{t('footer.help')}</h2>
          <ul>
            {INFO_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{t(item.labelKey)}</Link>
              </li>
            ))}
            <li>
              <a href={paths.affiliate} target="_blank" rel="noopener">
                {t('nav.affiliate')} <ExternalIcon size={14} className="shell-footer__external" />
                <span className="visually-hidden">{t('common.opensInNewTab')}</span>
              </a>
            </li>
          </ul>
        </nav>
        {guides.length > 0 && (
          <nav className="shell-footer__column" aria-labelledby="footer-guides">
            <h2 id="footer-guides">{t('footer.guides')}</h2>
            <ul>
              {guides.map((guide) => (
                <li key={guide.slug}>
                  <Link to={paths.blog(guide.slug)}>{t(guide.titleKey)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>

      <section className="shell-footer__band" aria-labelledby="footer-payments">
        <h2 id="footer-payments" className="shell-footer__band-title">
          {t('footer.weAccept')}
        </h2>
        <PaymentBadges />
      </section>

      {(contacts.length > 0 || socials.length > 0) && (
        <section className="shell-footer__contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contact')}</h2>
          {contacts.length > 0 && (
            <ul>
              {contacts.map((contact) => (
                <li key={contact.kind}>
                  <MailIcon size={18} />
                  <span>{t(`footer.${contact.kind}`)}:</span> <a href={`mailto:${contact.address}`}>{contact.address}</a>
                </li>
              ))}
            </ul>
          )}
          {socials.length > 0 && (
            <ul className="shell-footer__socials" aria-label={t('footer.followUs')}>
              {socials.map((social) => (
                <li key={social.kind}>
                  <a
                    href={social.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`shell-social shell-social--${social.kind}`}
                  >
                    {t(`footer.social.${social.kind}`)}
                    <span className="visually-hidden">{t('common.opensInNewTab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <div className="shell-footer__legal">
        <p className="shell-footer__age">
          <span className="shell-footer__age-badge" aria-hidden="true">
            18+
          </span>
          <span>{t('footer.ageNotice')}</span>
        </p>
        <p className="shell-footer__copyright">
          {siteName
            ? t('footer.copyright', { year: new Date().getFullYear(), site: siteName })
            : t('site.copyrightNoName', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
});
