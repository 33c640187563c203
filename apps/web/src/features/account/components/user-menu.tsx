import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useSettingsOrDefaults } from '@/lib/global-settings';
import { type StoredUser, canUsePayments, isSubAccount } from '@/lib/session';
import { logoutOnServer } from '../api/account-calls';
import { accountUi } from '../model/account-ui-store';
import { isDemoUser, leaveToHome } from '../model/session-actions';

interface MenuLink {
  to: string;
  labelKey: string;
}

function MenuSection({ titleKey, links, children }: { titleKey: string; links: MenuLink[]; children?: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (links.length === 0 && !children) return null;
  return (
    <section className="account-menu__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="account-menu__heading">
        {t(titleKey)}
      </h3>
      <ul className="account-menu__list">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="account-menu__item">
              {t(link.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

/** The player's menu (docs/product.md §2, §6): entries depend on sign-up, sub account and the payment gateway. */
export function UserMenu({ user, menuExtras }: { user: StoredUser; menuExtras?: ReactNode }) {
  const { t } = useTranslation();
  const settings = useSettingsOrDefaults();
  const location = useLocation();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);

  const isSub = isSubAccount(user);
  const hasWallet = canUsePayments(user, settings.payment_gateway);

  // Close on navigation, on a click outside and on Esc (focus back to the toggle).
  useEffect(() => setIsOpen(false), [location.pathname]);
  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setIsOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const statements: MenuLink[] = [
    { to: paths.report.accountStatement, labelKey: 'account.menu.accountStatement' },
    ...(hasWallet
      ? [
          { to: paths.report.depositStatement, labelKey: 'account.menu.depositStatement' },
          { to: paths.report.withdrawStatement, labelKey: 'account.menu.withdrawStatement' },
        ]
      : []),
  ];
  const wallet: MenuLink[] = hasWallet
    ? [
        { to: paths.deposit, labelKey: 'account.menu.deposit' },
        { to: paths.withdraw, labelKey: 'account.menu.withdraw' },
      ]
    : [];
  const bonus: MenuLink[] = isSub
    ? []
    : [
        { to: paths.report.bonusHistory, labelKey: 'account.menu.bonusHistory' },
        { to: paths.report.userBonus, labelKey: 'account.menu.userBonus' },
      ];
  const bets: MenuLink[] = [
    ...(isSub
      ? []
      : [
          { to: paths.report.currentBets, labelKey: 'account.menu.currentBets' },
          { to: paths.report.betHistory, labelKey: 'account.menu.betHistory' },
        ]),
    { to: paths.report.casinoResult, labelKey: 'account.menu.casinoResult' },
    { to: paths.report.activityLog, labelKey: 'account.menu.activityLog' },
  ];
  // The controls of responsible play: limits, the reality check, time-out and self-exclusion.
  const safePlay: MenuLink[] = [{ to: paths.responsibleGambling, labelKey: 'account.menu.limitsAndBreaks' }];
  const canChangePassword = !isSub && !isDemoUser(user);

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className="account-menu__toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={t('account.menu.open', { name: user.user_name })}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {user.user_name.slice(0, 1).toUpperCase()}
        </span>
        <span className="account-menu__name">{user.user_name}</span>
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {isOpen && (
        <nav id={panelId} className="account-menu__panel" aria-label={t('account.menu.label')}>
          <p className="account-menu__user">
            {t('account.menu.signedInAs')} <strong>{user.user_name}</strong>
            {isDemoUser(user) && <span className="account-menu__badge">{t('account.menu.demoBadge')}</span>}
          </p>
          <MenuSection titleKey="account.menu.wallet" links={wallet} />
          <MenuSection titleKey="account.menu.statements" links={statements} />
          <MenuSection titleKey="account.menu.bonus" links={bonus} />
          {menuExtras && <div className="account-menu__extras">{menuExtras}</div>}
          <MenuSection titleKey="account.menu.bets" links={bets} />
          <MenuSection titleKey="account.menu.safePlay" links={safePlay} />
          <div className="account-menu__actions">
            {canChangePassword && (
              <button
                type="button"
                className="account-menu__item"
                onClick={() => {
                  setIsOpen(false);
                  accountUi.open('changePassword');
                }}
              >
                {t('account.menu.changePassword')}
              </button>
            )}
            <button
              type="button"
              className="account-menu__item account-menu__item--logout"
              onClick={() => void logoutOnServer(user.user_id).finally(leaveToHome)}
            >
              {t('account.menu.logout')}
            </button>
          </div>
        </nav>
      )}
    </div>
  );
}
