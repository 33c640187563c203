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
  /**
   * A money act's second step: what the typed values will do (the player, the amount, the
   * effect), shown after the fields check out; the act runs only on Confirm.
   */
  confirmation?: (values: ActionValues) => ReactNode;
  onSubmit: (values: ActionValues) => Promise<unknown>;
}

export interface MoneyFact {
  label: string;
  value: ReactNode;
}

/**
 * What a money act is about, as the operator confirms it: the player, the amount and the rest as
 * label/value rows, then its effect in a sentence.
 */
export function MoneyFacts({ facts, effect }: { facts: readonly MoneyFact[]; effect: ReactNode }) {
  return (
    <div className="console-confirm" data-testid="money-facts">
      <dl className="console-kv">
        {facts.map((fact) => (
          <div key={fact.label} className="console-kv__row">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <p className="console-confirm__effect">{effect}</p>
    </div>
  );
}

/**
 * A console action that needs words before it runs: a reason (written to the audit log), an
 * amount in rupees, a result. A money act then shows what it will do and waits for Confirm
 * (docs/operators.md, "Money acts"). The dialog stays open while the call runs and closes when it
 * succeeds.
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
  confirmation,
  onSubmit,
}: ActionDialogProps) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [extra, setExtra] = useState(extraOptions?.[0]?.value ?? '');
  const [errors, setErrors] = useState<{ reason?: string; amount?: string; extra?: string }>({});
  const [isBusy, setIsBusy] = useState(false);
  const [confirming, setConfirming] = useState<ActionValues | null>(null);

  function close() {
    setConfirming(null);
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
    const values = { reason: reason.trim(), amount: Number(amount), extra: extra.trim() };
    if (confirmation && !confirming) {
      setConfirming(values);
      return;
    }
    setIsBusy(true);
    try {
      await onSubmit(confirming ?? values);
      close();
    } catch {
      // The caller showed the refusal; the dialog stays open to correct it.
    } finally {
      setIsBusy(false);
    }
  }

  const fields = (
    <>
      {description && (typeof description === 'string' ? <p className="console-page__lead">{description}</p> : description)}
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
    </>
  );

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={title}
      size="sm"
      footer={
        <div className="console-actions">
          <Button type="submit" form={formId} variant={isDanger ? 'danger' : 'primary'} isLoading={isBusy}>
            {confirmation && !confirming ? t('common.next') : submitLabel}
          </Button>
          {confirming ? (
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={isBusy}>
              {t('common.back')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={close} disabled={isBusy}>
              {t('common.cancel')}
            </Button>
          )}
        </div>
      }
    >
      <form id={formId} className="console-form" onSubmit={(event) => void submit(event)} noValidate>
        {confirming && confirmation ? (
          <>
            <p className="console-page__lead">{t('common.checkAndConfirm')}</p>
            {confirmation(confirming)}
          </>
        ) : (
          fields
        )}
      </form>
    </Modal>
  );
}
