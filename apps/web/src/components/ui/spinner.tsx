import { useTranslation } from 'react-i18next';
import './spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Inside a labelled control (a busy button) the spinner is only decoration. */
  decorative?: boolean;
  label?: string;
}

export function Spinner({ size = 'md', decorative = false, label }: SpinnerProps) {
  const { t } = useTranslation();
  if (decorative) return <span className={`ui-spinner ui-spinner--${size}`} aria-hidden="true" />;
  return (
    <span className={`ui-spinner ui-spinner--${size}`} role="status">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** A centred loading block for a page or a panel. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ui-loading" role="status" aria-live="polite">
      <span className="ui-spinner ui-spinner--lg" aria-hidden="true" />
      <span className="ui-loading__text">{label ?? t('common.loading')}</span>
    </div>
  );
}
