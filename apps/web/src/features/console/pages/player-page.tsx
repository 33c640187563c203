import { useTranslation } from 'react-i18next';

export function PlayerPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.players')}</h1>
    </div>
  );
}
