import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/ui';

/** Loading, failure (with a retry) or "nothing here", for any list of the sports pages. */
export function ListState({
  isPending,
  isError,
  isEmpty,
  onRetry,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (isPending) return <Loading />;
  if (isError) {
    return (
      <div className="sports-empty" role="alert">
        <p>{t('sports.loadFailed')}</p>
        <button type="button" className="sports-chip" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (isEmpty) return <p className="sports-empty">{t('sports.noMatches')}</p>;
  return null;
}
