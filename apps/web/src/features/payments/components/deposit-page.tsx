import { PAYMENT_METHODS, type PaymentMethod } from '@app/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, FormField, Loading, toast } from '@/components/ui';
import { paths } from '@/config/paths';
import { useSettingsOrDefaults } from '@/lib/global-settings';
import { useDocumentPageName } from '@/lib/page-title';
import { useCreateDeposit, useDeposit } from '../api/payment-calls';
import {
  depositLimits,
  depositPresets,
  firstDepositOffer,
  formatRupees,
  OUTCOME_WAIT_MS,
  parseAmount,
} from '../model/payment-model';
import '../payments.css';

/**
 * /deposit (docs/product.md §2): the amount (presets or typed), the method, then the gateway's page; back here
 * for the outcome. `limitNotice` (composed by the app: responsible play's deposit limits, or the
 * prompt to set one before a first deposit) shows above the form.
 */
export function DepositPage({ limitNotice }: { limitNotice?: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order_id');
  useDocumentPageName(t('payments.deposit.title'));
  return (
    <section className="payments-page">
      <header>
        <h1 className="payments-page__title">{t('payments.deposit.title')}</h1>
        <p className="payments-page__subtitle">{t('payments.deposit.subtitle')}</p>
      </header>
      {orderId ? (
        <DepositOutcome orderId={orderId} onAgain={() => setParams({})} />
      ) : (
        <>
          {limitNotice}
          <DepositForm />
        </>
      )}
    </section>
  );
}

function DepositForm() {
  const { t } = useTranslation();
  const settings = useSettingsOrDefaults();
  const limits = depositLimits(settings);
  const presets = depositPresets(settings, limits);
  const offer = firstDepositOffer(settings);
  const create = useCreateDeposit();
  const formId = useId();
  const [amountText, setAmountText] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('upi');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const parsed = parseAmount(amountText, limits);
  const problem = 'problem' in parsed ? parsed.problem : null;
  const range = { min: formatRupees(limits.min), max: formatRupees(limits.max) };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (!('amount' in parsed)) return;
    create.mutate(
      { amount: parsed.amount, method, idempotencyKey: crypto.randomUUID() },
      {
        // The gateway's hosted page: a full navigation, it is not part of the site.
        onSuccess: ({ data }) => window.location.assign(data.redirect_url),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <form id={formId} className="payments-card" onSubmit={submit} noValidate>
      {offer && (
        <p className="payments-offer" role="note">
          {t('payments.deposit.offer', { percent: offer.percent, max: formatRupees(offer.max) })}
        </p>
      )}
      {presets.length > 0 && (
        <fieldset className="payments-presets">
          <legend>{t('payments.deposit.presets')}</legend>
          <div className="payments-presets__list">
            {presets.map((preset) => (
              <button
                key={preset}
                type="button"
                className="payments-chip"
                aria-pressed={amountText === String(preset)}
                onClick={() => setAmountText(String(preset))}
              >
                {formatRupees(preset)}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <FormField
        label={t('payments.deposit.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onChange={(event) => setAmountText(event.target.value)}
        hint={t('payments.deposit.range', range)}
        error={isSubmitted && problem ? t(`payments.amount.${problem}`, range) : undefined}
      />
      <fieldset className="payments-methods">
        <legend>{t('payments.deposit.method')}</legend>
        {PAYMENT_METHODS.map((option) => (
          <label key={option} className="payments-method">
            <input type="radio" name="method" value={option} checked={method === option} onChange={() => setMethod(option)} />
            <span>{t(`payments.methods.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" isBlock isLoading={create.isPending}>
        {t('payments.deposit.continue')}
      </Button>
      <p className="payments-note">{t('payments.deposit.note')}</p>
    </form>
  );
}

/** Back from the gateway: the order's outcome, asked again every few seconds while it is pending. */
function DepositOutcome({ orderId, onAgain }: { orderId: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const [isWaiting, setIsWaiting] = useState(true);
  const deposit = useDeposit(orderId, isWaiting);
  useEffect(() => {
    const timer = setTimeout(() => setIsWaiting(false), OUTCOME_WAIT_MS);
    return () => clearTimeout(timer);
  }, [orderId]);

  if (deposit.isPending) return <Loading label={t('payments.outcome.checking')} />;
  if (deposit.error) {
    return (
      <div className="payments-card" role="alert">
        <p>{deposit.error.message}</p>
        <Button variant="secondary" onClick={onAgain}>
          {t('payments.outcome.again')}
        </Button>
      </div>
    );
  }
  const { status, amount } = deposit.data;
  const money = formatRupees(amount);
  return (
    <div
      className={`payments-card payments-outcome payments-outcome--${status}`}
      data-testid="deposit-outcome"
      data-status={status}
    >
      <p className="payments-outcome__status" role="status" aria-live="polite">
        {status === 'pending' && isWaiting && <span className="ui-spinner ui-spinner--sm" aria-hidden="true" />}
        {t(`payments.outcome.${status === 'pending' && !isWaiting ? 'stillPending' : status}`, { amount: money })}
      </p>
      <p className="payments-note">{t('payments.outcome.order', { orderId })}</p>
      <div className="payments-actions">
        <Button variant={status === 'credited' ? 'secondary' : 'primary'} onClick={onAgain}>
          {t('payments.outcome.again')}
        </Button>
        <Link className="payments-link" to={paths.report.depositStatement}>
          {t('payments.outcome.statement')}
        </Link>
      </div>
    </div>
  );
}
