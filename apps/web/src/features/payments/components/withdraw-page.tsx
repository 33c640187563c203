import { latinDigitsLocale, type PayoutDestination } from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Loading, toast } from '@/components/ui';
import { successMessage } from '@/lib/api-client';
import { useDocumentPageName } from '@/lib/page-title';
import {
  useAddDestination,
  useCancelWithdraw,
  useDestinations,
  useKycStatus,
  useRequestWithdraw,
  useWithdrawInfo,
} from '../api/payment-calls';
import { type DestinationDraft, destinationBody, formatRupees, parseAmount, validateDestination } from '../model/payment-model';
import { IdentityPanel } from './identity-panel';
import '../payments.css';

/**
 * /withdraw (docs/product.md §2): the identity state, payout destinations, what may be withdrawn (cash: bonus
 * and money held for open bets are not), the request, and the requests still holding money with
 * Cancel while pending.
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  useDocumentPageName(t('payments.withdraw.title'));
  return (
    <section className="payments-page">
      <header>
        <h1 className="payments-page__title">{t('payments.withdraw.title')}</h1>
        <p className="payments-page__subtitle">{t('payments.withdraw.subtitle')}</p>
      </header>
      <IdentityPanel />
      <WithdrawForm />
      <OpenRequests />
    </section>
  );
}

function WithdrawForm() {
  const { t } = useTranslation();
  const headingId = useId();
  const info = useWithdrawInfo();
  const kyc = useKycStatus();
  const destinations = useDestinations();
  const request = useRequestWithdraw();
  const [amountText, setAmountText] = useState('');
  const [destinationId, setDestinationId] = useState<number | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const list = destinations.data ?? [];
  const chosen = destinationId ?? list[0]?.destination_id ?? null;
  const limits = info.data
    ? { min: info.data.min_withdraw, max: Math.min(info.data.max_withdraw, info.data.withdrawable) }
    : null;
  const parsed = limits ? parseAmount(amountText, limits) : null;
  const problem = parsed && 'problem' in parsed ? parsed.problem : null;
  const isVerified = kyc.data?.status === 'approved';

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (!parsed || !('amount' in parsed) || chosen === null) return;
    request.mutate(
      { amount: parsed.amount, destinationId: chosen, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: ({ message }) => {
          toast.success(successMessage(message, t('payments.withdraw.requested')));
          setAmountText('');
          setIsSubmitted(false);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <section className="payments-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="payments-card__title">
        {t('payments.withdraw.request')}
      </h2>
      {info.isPending ? (
        <Loading />
      ) : info.error ? (
        <p role="alert">{info.error.message}</p>
      ) : (
        <>
          <p className="payments-withdrawable" data-testid="withdrawable">
            {t('payments.withdraw.withdrawable')} <strong>{formatRupees(info.data.withdrawable)}</strong>
          </p>
          <p className="payments-note">{t('payments.withdraw.withdrawableNote')}</p>
          <DestinationsPanel destinations={list} chosen={chosen} onChoose={setDestinationId} isLoading={destinations.isPending} />
          {!isVerified && <p className="payments-note">{t('payments.withdraw.needsIdentity')}</p>}
          <form className="payments-form" onSubmit={onSubmit} noValidate>
            <FormField
              label={t('payments.withdraw.amount')}
              name="withdraw_amount"
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              hint={t('payments.withdraw.range', {
                min: formatRupees(info.data.min_withdraw),
                max: formatRupees(info.data.max_withdraw),
              })}
              error={
                isSubmitted && problem
                  ? t(`payments.amount.${problem}`, {
                      min: formatRupees(limits?.min ?? 0),
                      max: formatRupees(limits?.max ?? 0),
                    })
                  : isSubmitted && chosen === null
                    ? t('payments.withdraw.chooseDestination')
                    : undefined
              }
            />
            <Button type="submit" isLoading={request.isPending} disabled={!isVerified || chosen === null}>
              {t('payments.withdraw.submit')}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}

function DestinationsPanel({
  destinations,
  chosen,
  onChoose,
  isLoading,
}: {
  destinations: PayoutDestination[];
  chosen: number | null;
  onChoose: (id: number) => void;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const [isAdding, setIsAdding] = useState(false);
  if (isLoading) return <Loading />;
  return (
    <div className="payments-destinations">
      {destinations.length > 0 ? (
        <fieldset className="payments-methods">
          <legend>{t('payments.destinations.title')}</legend>
          {destinations.map((destination) => (
            <label key={destination.destination_id} className="payments-method">
              <input
                type="radio"
                name="destination"
                checked={chosen === destination.destination_id}
                onChange={() => onChoose(destination.destination_id)}
              />
              <span>
                {destination.kind === 'upi'
                  ? t('payments.destinations.upiLabel', { upi: destination.upi_id })
                  : t('payments.destinations.bankLabel', {
                      account: destination.account_number,
                      ifsc: destination.ifsc,
                      holder: destination.holder_name,
                    })}
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="payments-note">{t('payments.destinations.none')}</p>
      )}
      {isAdding || destinations.length === 0 ? (
        <AddDestination
          onAdded={(id) => {
            onChoose(id);
            setIsAdding(false);
          }}
          onCancel={destinations.length > 0 ? () => setIsAdding(false) : undefined}
        />
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setIsAdding(true)}>
          {t('payments.destinations.add')}
        </Button>
      )}
    </div>
  );
}

const EMPTY_BANK = { accountNumber: '', ifsc: '', holderName: '' };

function AddDestination({ onAdded, onCancel }: { onAdded: (id: number) => void; onCancel: (() => void) | undefined }) {
  const { t } = useTranslation();
  const add = useAddDestination();
  const [kind, setKind] = useState<'upi' | 'bank'>('upi');
  const [upiId, setUpiId] = useState('');
  const [bank, setBank] = useState(EMPTY_BANK);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const draft: DestinationDraft = kind === 'upi' ? { kind, upiId } : { kind, ...bank };
  const errors = validateDestination(draft);
  const errorOf = (field: keyof typeof errors) => (isSubmitted && errors[field] ? t(errors[field] as string) : undefined);

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    add.mutate(destinationBody(draft), {
      onSuccess: ({ data, message }) => {
        toast.success(successMessage(message, t('payments.destinations.saved')));
        onAdded(data.destination_id);
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <form className="payments-form payments-form--nested" onSubmit={onSubmit} noValidate>
      <fieldset className="payments-methods payments-methods--row">
        <legend>{t('payments.destinations.kind')}</legend>
        {(['upi', 'bank'] as const).map((option) => (
          <label key={option} className="payments-method">
            <input type="radio" name="destination_kind" checked={kind === option} onChange={() => setKind(option)} />
            <span>{t(`payments.destinations.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      {kind === 'upi' ? (
        <FormField
          label={t('payments.destinations.upiId')}
          name="upi_id"
          autoComplete="off"
          placeholder="name@bank"
          value={upiId}
          onChange={(event) => setUpiId(event.target.value)}
          error={errorOf('upiId')}
        />
      ) : (
        <>
          <FormField
            label={t('payments.destinations.accountNumber')}
            name="account_number"
            inputMode="numeric"
            autoComplete="off"
            value={bank.accountNumber}
            onChange={(event) => setBank({ ...bank, accountNumber: event.target.value })}
            error={errorOf('accountNumber')}
          />
          <FormField
            label={t('payments.destinations.ifsc')}
            name="ifsc"
            autoComplete="off"
            autoCapitalize="characters"
            value={bank.ifsc}
            onChange={(event) => setBank({ ...bank, ifsc: event.target.value })}
            error={errorOf('ifsc')}
          />
          <FormField
            label={t('payments.destinations.holderName')}
            name="holder_name"
            autoComplete="name"
            value={bank.holderName}
            onChange={(event) => setBank({ ...bank, holderName: event.target.value })}
            error={errorOf('holderName')}
          />
        </>
      )}
      <div className="payments-actions">
        <Button type="submit" variant="secondary" isLoading={add.isPending}>
          {t('payments.destinations.save')}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

function OpenRequests() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const info = useWithdrawInfo();
  const cancel = useCancelWithdraw();
  const open = info.data?.open ?? [];
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  if (open.length === 0) return null;
  return (
    <section className="payments-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="payments-card__title">
        {t('payments.withdraw.open')}
      </h2>
      <ul className="payments-requests">
        {open.map((row) => (
          <li key={row.withdraw_id} className="payments-request" data-testid="open-withdrawal">
            <div>
              <strong>{formatRupees(row.amount)}</strong> · {row.destination}
              <br />
              <span className={`payments-status payments-status--${row.status}`}>{t(`payments.status.${row.status}`)}</span>{' '}
              <span className="payments-note">{dateFormat.format(new Date(row.created_at))}</span>
            </div>
            {row.status === 'pending' && (
              <Button
                variant="danger"
                size="sm"
                isLoading={cancel.isPending && cancel.variables.withdrawId === row.withdraw_id}
                aria-label={t('payments.withdraw.cancelOne', { amount: formatRupees(row.amount) })}
                onClick={() =>
                  cancel.mutate(
                    { withdrawId: row.withdraw_id, idempotencyKey: crypto.randomUUID() },
                    {
                      onSuccess: ({ message }) => toast.success(successMessage(message, t('payments.withdraw.cancelled'))),
                      onError: (error) => toast.error(error.message),
                    },
                  )
                }
              >
                {t('payments.withdraw.cancel')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
