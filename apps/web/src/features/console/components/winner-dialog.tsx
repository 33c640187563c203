import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Modal } from '@/components/ui';

export interface WinnerDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  runners: readonly { selection_id: number; name: string }[];
  /** How many runners win (a place market pays several). */
  winners: number;
  askReason: boolean;
  /** What the act moves (a re-settlement's preview), above the runners. */
  description?: ReactNode;
  submitLabel: string;
  onSubmit: (selectionIds: number[], reason: string) => Promise<unknown>;
}

/** Picks a market's winner (or its placed runners) for a result or a re-settlement. */
export function WinnerDialog({
  isOpen,
  onClose,
  title,
  runners,
  winners,
  askReason,
  description,
  submitLabel,
  onSubmit,
}: WinnerDialogProps) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const [chosen, setChosen] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const isSingle = winners <= 1;

  function close() {
    setChosen([]);
    setReason('');
    setError(undefined);
    onClose();
  }

  function toggle(id: number, isOn: boolean) {
    setChosen((current) => (isSingle ? [id] : isOn ? [...current, id] : current.filter((item) => item !== id)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0) return setError(t('sports.chooseWinner'));
    setError(undefined);
    setIsBusy(true);
    try {
      await onSubmit(chosen, reason.trim());
      close();
    } catch {
      // The caller showed the refusal.
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={title}
      size="sm"
      footer={
        <div className="console-actions">
          <Button type="submit" form={formId} isLoading={isBusy}>
            {submitLabel}
          </Button>
          <Button variant="secondary" onClick={close} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
        </div>
      }
    >
      <form id={formId} className="console-form" onSubmit={(event) => void submit(event)} noValidate>
        {description}
        <fieldset className="console-fieldset">
          <legend>{isSingle ? t('sports.winner') : t('sports.winners', { count: winners })}</legend>
          {runners.map((runner) => (
            <label key={runner.selection_id} className="console-colour">
              <input
                type={isSingle ? 'radio' : 'checkbox'}
                name="winner"
                checked={chosen.includes(runner.selection_id)}
                onChange={(event) => toggle(runner.selection_id, event.target.checked)}
              />
              {runner.name}
            </label>
          ))}
          {error && <p className="ui-field__error">{error}</p>}
        </fieldset>
        {askReason && <FormField label={t('common.reason')} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </form>
    </Modal>
  );
}
