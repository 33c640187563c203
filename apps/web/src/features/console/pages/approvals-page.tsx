import { useTranslation } from 'react-i18next';

export function ApprovalsPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.approvals')}</h1>
    </div>
  );
}
