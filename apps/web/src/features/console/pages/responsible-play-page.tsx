import { useTranslation } from 'react-i18next';

export function ResponsiblePlayPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.responsiblePlay')}</h1>
    </div>
  );
}
