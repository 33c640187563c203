import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentPageName } from '@/lib/page-title';

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
