import { useTranslation } from 'react-i18next';

export function SettingsPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.settings')}</h1>
    </div>
  );
}
