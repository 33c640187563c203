import { useTranslation } from 'react-i18next';

export function DashboardPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.dashboard')}</h1>
    </div>
  );
}
