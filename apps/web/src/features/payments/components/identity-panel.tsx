import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Loading, toast } from '@/components/ui';
import { successMessage } from '@/lib/api-client';
import { useKycStatus, useSubmitKyc } from '../api/payment-calls';
import { ageOn, documentProblem, KYC_ACCEPT } from '../model/payment-model';

/** Today in India ('YYYY-MM-DD'), as the server reads a date of birth. */
function indiaToday(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * Identity before payouts (docs/payments.md, "Identity"): the state and the operator's reason, and
 * the form while there is nothing approved or waiting: legal name, date of birth and a photo of an
 * ID document.
 */
export function IdentityPanel() {
  const { t } = useTranslation();
  const kyc = useKycStatus();
  const headingId = useId();
  return (
    <section className="payments-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="payments-card__title">
        {t('payments.identity.title')}
      </h2>
      {kyc.isPending ? (
        <Loading />
      ) : kyc.error ? (
        <p role="alert">{kyc.error.message}</p>
      ) : kyc.data.status === 'approved' ? (
        <p className="payments-state payments-state--ok" data-testid="kyc-state">
          {t('payments.identity.approved')}
        </p>
      ) : kyc.data.status === 'submitted' ? (
        <p className="payments-state" data-testid="kyc-state">
          {t('payments.identity.submitted')}
        </p>
      ) : (
        <>
          {kyc.data.status === 'rejected' && (
            <p className="payments-state payments-state--bad" data-testid="kyc-state">
              {t('payments.identity.rejected', { reason: kyc.data.reason ?? '' })}
            </p>
          )}
          <p className="payments-note">{t('payments.identity.why')}</p>
          <IdentityForm />
        </>
      )}
    </section>
  );
}

function IdentityForm() {
  const { t } = useTranslation();
  const submit = useSubmitKyc();
  const [legalName, setLegalName] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [document, setDocument] = useState<File | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const today = indiaToday();
  const nameError = legalName.trim().length < 2 ? t('payments.identity.nameRequired') : undefined;
  const dobError = !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)
    ? t('payments.identity.dobRequired')
    : ageOn(dateOfBirth, today) < 18
      ? t('payments.identity.tooYoung')
      : undefined;
  const fileProblem = documentProblem(document);
  const fileError = fileProblem ? t(fileProblem) : undefined;

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (nameError || dobError || fileError || !document) return;
    submit.mutate(
      { legalName: legalName.trim(), dateOfBirth, document },
      {
        onSuccess: ({ message }) => toast.success(successMessage(message, t('payments.identity.sent'))),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <form className="payments-form" onSubmit={onSubmit} noValidate>
      <FormField
        label={t('payments.identity.legalName')}
        name="legal_name"
        autoComplete="name"
        value={legalName}
        onChange={(event) => setLegalName(event.target.value)}
        error={isSubmitted ? nameError : undefined}
      />
      <FormField
        label={t('payments.identity.dateOfBirth')}
        name="date_of_birth"
        type="date"
        max={today}
        autoComplete="bday"
        value={dateOfBirth}
        onChange={(event) => setDateOfBirth(event.target.value)}
        error={isSubmitted ? dobError : undefined}
      />
      <FormField
        label={t('payments.identity.document')}
        name="document"
        type="file"
        accept={KYC_ACCEPT}
        hint={t('payments.identity.documentHint')}
        onChange={(event) => setDocument(event.target.files?.[0] ?? null)}
        error={isSubmitted ? fileError : undefined}
      />
      <Button type="submit" isLoading={submit.isPending}>
        {t('payments.identity.submit')}
      </Button>
    </form>
  );
}
