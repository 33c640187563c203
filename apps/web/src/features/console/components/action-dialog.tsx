import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Modal } from '@/components/ui';

/** Rupees with at most two decimals, above zero. */
const RUPEES_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

export interface ActionValues {
  reason: string;
  amount: number;
  extra: string;
}

export interface ActionDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** What the action does, in a sentence, above the fields. */
  description?: ReactNode;
  submitLabel: string;
  askReason?: boolean;
  askAmount?: boolean;
  /** One more text field (a result, a score) with its label. */
  extraLabel?: string;
  extraOptions?: readonly { value: string; label: string }[];
  isDanger?: boolean;
  onSubmit: (values: ActionValues) => Promise<unknown>;
}

/**
 * A console action that needs words before it runs: a reason (written to the audit log), an
 * amount in rupees, a result. The dialog stays open while the call runs and closes when it succeeds.
 */
export function ActionDialog({
  isOpen,
  onClose,
  title,
  description,
  submitLabel,
  askReason = true,
  askAmount = false,
  extraLabel,
  extraOptions,
  isDanger = false,
  onSubmit,
}: ActionDialogProps) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [extra, setExtra] = useState(extraOptions?.[0]?.value ?? '');
  const [errors, setErrors] = useState<{ reason?: string; amount?: string; extra?: string }>({});
  const [isBusy, setIsBusy] = useState(false);

  function close() {
    setReason('');
    setAmount('');
    setExtra(extraOptions?.[0]?.value ?? '');
    setErrors({});
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(askReason && !reason.trim() ? { reason: t('common.reasonRequired') } : {}),
      ...(askAmount && (!RUPEES_PATTERN.test(amount) || Number(amount) <= 0) ? { amount: t('common.amountInvalid') } : {}),
      ...(extraLabel && !extra.trim() ? { extra: t('login.required') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsBusy(true);
    try {
      await onSubmit({ reason: reason.trim(), amount: Number(amount), extra: extra.trim() });
      close();
    } catch {
      // The caller showed the refusal; the dialog stays open to correct it.
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
          <Button type="submit" form={formId} variant={isDanger ? 'danger' : 'primary'} isLoading={isBusy}>
            {submitLabel}
          </Button>
          <Button variant="secondary" onClick={close} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
        </div>
      }
    >
      <form id={formId} className="console-form" onSubmit={(event) => void submit(event)} noValidate>
        {description && <p className="console-page__lead">{description}</p>}
        {askAmount && (
          <FormField
            label={t('common.amount')}
            inputMode="decimal"
            value={amount}
            error={errors.amount}
            onChange={(event) => setAmount(event.target.value.trim())}
          />
        )}
        {extraLabel &&
          (extraOptions ? (
            <FormField label={extraLabel} error={errors.extra}>
              {(control) => (
                <select {...control} className="console-select" value={extra} onChange={(event) => setExtra(event.target.value)}>
                  {extraOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          ) : (
            <FormField label={extraLabel} value={extra} error={errors.extra} onChange={(event) => setExtra(event.target.value)} />
          ))}
        {askReason && (
          <FormField label={t('common.reason')} error={errors.reason}>
            {(control) => (
              <textarea
                {...control}
                className="console-textarea"
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </FormField>
        )}
      </form>
    </Modal>
  );
}
