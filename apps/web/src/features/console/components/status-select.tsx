import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A filter by status: every status of the list, or all of them (''). */
export function StatusSelect<T extends string>({
  statuses,
  value,
  onChange,
  labelOf,
}: {
  statuses: readonly T[];
  value: T | '';
  onChange: (value: T | '') => void;
  labelOf: (status: T) => string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <label htmlFor={id} className="console-colour">
      <span>{t('common.status')}</span>
      <select id={id} className="console-select" value={value} onChange={(event) => onChange(event.target.value as T | '')}>
        <option value="">{t('common.all')}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labelOf(status)}
          </option>
        ))}
      </select>
    </label>
  );
}
