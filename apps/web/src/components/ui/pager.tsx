import { useTranslation } from 'react-i18next';
import './pager.css';

export interface PagerProps {
  /** 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  /** When the total is unknown: whether another page exists. */
  hasNext?: boolean;
  /** Total number of rows, with pageSize, gives the page count. */
  total?: number;
  pageSize?: number;
  isDisabled?: boolean;
}

/** Previous / next paging with "Page X of Y" (or "Page X" when the total is unknown). */
export function Pager({ page, onPageChange, hasNext, total, pageSize, isDisabled = false }: PagerProps) {
  const { t } = useTranslation();
  const pageCount = total !== undefined && pageSize ? Math.max(1, Math.ceil(total / pageSize)) : undefined;
  const canGoNext = pageCount !== undefined ? page < pageCount : Boolean(hasNext);
  const canGoBack = page > 1;
  if (!canGoBack && !canGoNext) return null;
  return (
    <nav className="ui-pager" aria-label={t('common.pagination')}>
      <button
        type="button"
        className="ui-pager__button"
        disabled={isDisabled || !canGoBack}
        onClick={() => onPageChange(page - 1)}
      >
        <span aria-hidden="true">‹</span> {t('common.previous')}
      </button>
      <span className="ui-pager__status" aria-live="polite">
        {pageCount !== undefined ? t('common.pageOf', { page, count: pageCount }) : t('common.page', { page })}
      </span>
      <button
        type="button"
        className="ui-pager__button"
        disabled={isDisabled || !canGoNext}
        onClick={() => onPageChange(page + 1)}
      >
        {t('common.next')} <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
