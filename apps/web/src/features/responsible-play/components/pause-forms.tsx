import { SELF_EXCLUSION_DURATIONS, TIME_OUT_DURATIONS, type PauseKind, type RgState } from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components/ui';
import { successMessage } from '@/lib/api-client';
import { usePause } from '../api/rg-calls';
import { formatMoment } from '../model/format';
import { pauseEndsAt } from '../model/limits-model';

type Duration = (typeof TIME_OUT_DURATIONS)[number] | (typeof SELF_EXCLUSION_DURATIONS)[number];

export interface PauseHandlers {
  /** The server is ending every session of the player: no "session ended" alert for this one (account feature). */
  onSessionEnding: () => void;
  /** Leaves the site after the player read the confirmation (the site's logout: to /home, logged out). */
  onLeave: () => void;
}

/** Time-out and self-exclusion, each a choice of length and a confirmation step. */
export function PauseForms(handlers: PauseHandlers) {
  return (
    <div className="rg-pauses">
      <PauseForm kind="time_out" durations={TIME_OUT_DURATIONS} {...handlers} />
      <PauseForm kind="self_exclusion" durations={SELF_EXCLUSION_DURATIONS} {...handlers} />
    </div>
  );
}

function PauseForm({ kind, durations, ...handlers }: { kind: PauseKind; durations: readonly Duration[] } & PauseHandlers) {
  const { t } = useTranslation();
  const [duration, setDuration] = useState<Duration>(durations[0]!);
  const [isConfirming, setIsConfirming] = useState(false);
  const titleId = useId();
  return (
    <form
      className="rg-card rg-form"
      data-testid={`rg-${kind}`}
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        setIsConfirming(true);
      }}
    >
      <h4 id={titleId} className="rg-card__title">
        {t(`rg.pause.${kind}.title`)}
      </h4>
      <p className="rg-note">{t(`rg.pause.${kind}.about`)}</p>
      <fieldset className="rg-choices">
        <legend>{t('rg.pause.length')}</legend>
        <div className="rg-choices__list">
          {durations.map((option) => (
            <label key={option} className="rg-choice">
              <input
                type="radio"
                name={`${kind}-duration`}
                value={option}
                checked={duration === option}
                onChange={() => setDuration(option)}
              />
              <span>{t(`rg.pause.durations.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="danger">
        {t(`rg.pause.${kind}.start`)}
      </Button>
      {isConfirming && (
        <PauseConfirmModal kind={kind} duration={duration} onCancel={() => setIsConfirming(false)} {...handlers} />
      )}
    </form>
  );
}

/**
 * The confirmation step: when it would end, that nobody can undo or shorten it, what the player
 * may still do; then, once the server started it, that every session has ended.
 */
function PauseConfirmModal({
  kind,
  duration,
  onCancel,
  onSessionEnding,
  onLeave,
}: { kind: PauseKind; duration: Duration; onCancel: () => void } & PauseHandlers) {
  const { t, i18n } = useTranslation();
  const pause = usePause();
  const [isUnderstood, setIsUnderstood] = useState(false);
  const [started, setStarted] = useState<{ state: RgState; message: string } | null>(null);
  const checkId = useId();
  const ends = pauseEndsAt(duration, Date.now());
  const until = (iso: string | null) => (iso === null ? null : formatMoment(Date.parse(iso), i18n.language));

  if (started) {
    const endsAt = until(started.state.pause?.until ?? null);
    return (
      <Modal
        isOpen
        isDismissible={false}
        onClose={onLeave}
        title={successMessage(started.message, t(`rg.pause.${kind}.started`))}
        size="sm"
        footer={<Button onClick={onLeave}>{t('rg.pause.done')}</Button>}
      >
        <div className="rg-dialog" data-testid="rg-pause-started">
          <p>{endsAt ? t(`rg.pause.${kind}.runsUntil`, { until: endsAt }) : t('rg.pause.self_exclusion.runsForEver')}</p>
          <p>{t('rg.pause.loggedOut')}</p>
          <p>{t('rg.pause.stillAllowed')}</p>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      isOpen
      onClose={onCancel}
      title={t(`rg.pause.${kind}.confirmTitle`)}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={!isUnderstood}
            isLoading={pause.isPending}
            onClick={() =>
              pause.mutate(
                kind === 'time_out'
                  ? { kind, duration: duration as (typeof TIME_OUT_DURATIONS)[number] }
                  : { kind, duration: duration as (typeof SELF_EXCLUSION_DURATIONS)[number] },
                {
                  onSuccess: ({ data, message }) => {
                    onSessionEnding();
                    setStarted({ state: data, message });
                  },
                },
              )
            }
          >
            {t(`rg.pause.${kind}.confirm`)}
          </Button>
        </>
      }
    >
      <div className="rg-dialog" data-testid="rg-pause-confirm">
        <p className="rg-dialog__lead">
          {ends === null
            ? t('rg.pause.self_exclusion.confirmForEver')
            : t(`rg.pause.${kind}.confirmUntil`, { until: formatMoment(ends, i18n.language) })}
        </p>
        <ul className="rg-list">
          <li>
            <strong>{t('rg.pause.cannotUndo')}</strong>
          </li>
          <li>{t('rg.pause.endsSessions')}</li>
          <li>{t('rg.pause.stillAllowed')}</li>
          {kind === 'self_exclusion' && <li>{t('rg.pause.self_exclusion.returnRule')}</li>}
        </ul>
        {pause.error && (
          <p className="rg-error" role="alert">
            {pause.error.message}
          </p>
        )}
        <label className="rg-check" htmlFor={checkId}>
          <input
            id={checkId}
            type="checkbox"
            checked={isUnderstood}
            onChange={(event) => setIsUnderstood(event.target.checked)}
          />
          <span>{t('rg.pause.understand')}</span>
        </label>
      </div>
    </Modal>
  );
}
