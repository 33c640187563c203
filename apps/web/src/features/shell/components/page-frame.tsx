import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentPageName } from '@/lib/page-title';
import { ClockIcon } from './icons';

/** The heading block every page starts with. */
export function PageHeader({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  useDocumentPageName(typeof title === 'string' ? title : '');
  return (
    <div className="shell-page__header">
      <h1 className="shell-page__title">{title}</h1>
      {subtitle && <p className="shell-page__subtitle">{subtitle}</p>}
    </div>
  );
}

/**
 * An honest empty frame for a route whose capability arrives later: the page's real title
 * inside the real layout and a plain "coming soon" line. No fake data.
 */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="shell-page">
      <PageHeader title={title} />
      <div className="shell-empty">
        <span className="shell-empty__icon">
          <ClockIcon size={32} />
        </span>
        <p>{t('common.comingSoon')}</p>
        <Link to={paths.home} className="shell-empty__link">
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentPageName(t('shell.notFound.title'));
  return (
    <section className="shell-page">
      <div className="shell-empty shell-empty--large">
        <p className="shell-empty__code" aria-hidden="true">
          404
        </p>
        <h1 className="shell-page__title">{t('shell.notFound.title')}</h1>
        <p>{t('shell.notFound.text')}</p>
        <Link to={paths.home} className="shell-empty__link">
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  );
}
