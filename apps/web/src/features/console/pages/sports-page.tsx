import { useTranslation } from 'react-i18next';

export function SportsPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.sports')}</h1>
    </div>
  );
}
