import { useTranslation } from 'react-i18next';

export function PaymentsPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.payments')}</h1>
    </div>
  );
}
