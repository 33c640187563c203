import { useTranslation } from 'react-i18next';

export function AuditPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.audit')}</h1>
    </div>
  );
}
