import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { type DateRange, MAX_RANGE_DAYS_BACK, dateRangeProblem, daysBefore, toIsoDate } from './date-range';
import './date-range-filter.css';

export interface DateRangeFilterProps {
  /** The range currently applied (start with defaultDateRange()). */
  value: DateRange;
  /** Called with a valid range when the player presses Apply. */
  onApply: (range: DateRange) => void;
  isLoading?: boolean;
}

/** From / to dates for reports: at most 90 days back, never in the future, from ≤ to. */
export function DateRangeFilter({ value, onApply, isLoading = false }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<DateRange>(value);
  const [problem, setProblem] = useState<ReturnType<typeof dateRangeProblem>>(null);
  const today = new Date();
  const minDate = toIsoDate(daysBefore(today, MAX_RANGE_DAYS_BACK));
  const maxDate = toIsoDate(today);
  const errorId = `${id}-error`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = dateRangeProblem(draft);
    setProblem(found);
    if (!found) onApply(draft);
  }

  const describedBy = problem ? errorId : undefined;
  return (
    <form className="ui-daterange" onSubmit={onSubmit} noValidate>
      <div className="ui-daterange__field">
        <label htmlFor={`${id}-from`}>{t('common.dateFrom')}</label>
        <input
          id={`${id}-from`}
          type="date"
          className="ui-input"
          value={draft.from}
          min={minDate}
          max={maxDate}
          aria-describedby={describedBy}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </div>
      <div className="ui-daterange__field">
        <label htmlFor={`${id}-to`}>{t('common.dateTo')}</label>
        <input
          id={`${id}-to`}
          type="date"
          className="ui-input"
          value={draft.to}
          min={minDate}
          max={maxDate}
          aria-describedby={describedBy}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </div>
      <Button type="submit" isLoading={isLoading} className="ui-daterange__submit">
        {t('common.apply')}
      </Button>
      {problem && (
        <p id={errorId} className="ui-daterange__error" role="alert">
          {t(`common.dateRange.${problem}`, { days: MAX_RANGE_DAYS_BACK })}
        </p>
      )}
    </form>
  );
}
