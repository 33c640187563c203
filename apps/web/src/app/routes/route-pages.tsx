import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/features/shell';

/** A route whose capability arrives later: its real title and a plain "coming soon" line. */
export function ComingSoonRoute({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(titleKey)} />;
}
