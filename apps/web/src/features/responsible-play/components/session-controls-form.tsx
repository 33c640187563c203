import { MAX_SESSION_LIMIT_MINUTES, REALITY_CHECK_MINUTES, type RealityCheckMinutes, type RgState } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField, toast } from '@/components/ui';
import { successMessage } from '@/lib/api-client';
import { useSetSessionControls } from '../api/rg-calls';
import { parseSessionMinutes } from '../model/limits-model';

/** The reality check's interval (off, 15, 30 or 60 minutes) and the session time limit (0: none). */
export function SessionControlsForm({ state }: { state: RgState }) {
  const { t } = useTranslation();
  const save = useSetSessionControls();
  const [realityCheck, setRealityCheck] = useState<RealityCheckMinutes>(state.reality_check_minutes);
  const [limitText, setLimitText] = useState(String(state.session_limit_minutes));
  const [isSubmitted, setIsSubmitted] = useState(false);
  const limit = parseSessionMinutes(limitText);

  return (
    <form
      className="rg-card rg-form"
      noValidate
      data-testid="rg-session-controls"
      onSubmit={(event) => {
        event.preventDefault();
        setIsSubmitted(true);
        if (!('minutes' in limit)) return;
        save.mutate(
          { reality_check_minutes: realityCheck, session_limit_minutes: limit.minutes },
          {
            onSuccess: ({ message }) => toast.success(successMessage(message, t('rg.session.saved'))),
            onError: (error) => toast.error(error.message),
          },
        );
      }}
    >
      <fieldset className="rg-choices">
        <legend>{t('rg.session.realityCheck')}</legend>
        <p className="rg-note">{t('rg.session.realityCheckHint')}</p>
        <div className="rg-choices__list">
          {REALITY_CHECK_MINUTES.map((minutes) => (
            <label key={minutes} className="rg-choice">
              <input
                type="radio"
                name="reality-check"
                value={minutes}
                checked={realityCheck === minutes}
                onChange={() => setRealityCheck(minutes)}
              />
              <span>{minutes === 0 ? t('rg.session.off') : t('rg.session.everyMinutes', { count: minutes })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <FormField
        label={t('rg.session.limit')}
        inputMode="numeric"
        autoComplete="off"
        value={limitText}
        onChange={(event) => setLimitText(event.target.value)}
        hint={t('rg.session.limitHint', { max: MAX_SESSION_LIMIT_MINUTES })}
        error={isSubmitted && 'problem' in limit ? t('rg.session.limitProblem', { max: MAX_SESSION_LIMIT_MINUTES }) : undefined}
      />
      <Button type="submit" isLoading={save.isPending}>
        {t('rg.session.save')}
      </Button>
    </form>
  );
}
