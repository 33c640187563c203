import { useTranslation } from 'react-i18next';

export function CasinoPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.casino')}</h1>
    </div>
  );
}
