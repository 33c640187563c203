import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField } from '@/components/ui';
import { isValidNonce, verifyRound, type VerifiedRound } from '../model/fair-verifier';

// The worked example of the provably-fair page, so a player can see the tool reproduce it.
const EXAMPLE = {
  serverSeed: '3f1c9a8e5b7d2046c1e8f09a4b6d3e7215c8a9f0e4d6b2a1c7e9f3058d4b6a2e',
  clientSeed: 'lucky-player',
  nonce: '0',
  shownHash: '5836333bcb47ebdc01e31a30f11753f6d1aadef82931212961510ff6629b3844',
};

type Field = 'serverSeed' | 'clientSeed' | 'nonce';

/** Checks a finished round in the browser with WebCrypto: nothing is sent to the server. */
export function FairVerifier() {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState({ serverSeed: '', clientSeed: '', nonce: '', shownHash: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<VerifiedRound | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function update(field: keyof typeof values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setResult(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.serverSeed.trim()) found.serverSeed = t('content.verifier.required');
    if (!values.clientSeed.trim()) found.clientSeed = t('content.verifier.required');
    if (!isValidNonce(values.nonce)) found.nonce = t('content.verifier.nonceError');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      setResult(await verifyRound(values.serverSeed.trim(), values.clientSeed.trim(), Number(values.nonce.trim())));
    } catch {
      setResult(null);
      setFailure(t('content.verifier.unavailable'));
    }
  }

  const shownHash = values.shownHash.trim().toLowerCase();
  const fields: { name: Field; label: string; hint?: string; numeric?: boolean }[] = [
    { name: 'serverSeed', label: t('content.verifier.serverSeed'), hint: t('content.verifier.serverSeedHint') },
    { name: 'clientSeed', label: t('content.verifier.clientSeed') },
    { name: 'nonce', label: t('content.verifier.nonce'), numeric: true },
  ];

  return (
    <section className="content-tool" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('content.verifier.title')}</h2>
      <p className="content-tool__note">{t('content.verifier.privacy')}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="content-form">
        {fields.map((field) => (
          <FormField
            key={field.name}
            label={field.label}
            hint={field.hint}
            error={errors[field.name]}
            value={values[field.name]}
            inputMode={field.numeric ? 'numeric' : undefined}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => update(field.name, event.target.value)}
          />
        ))}
        <FormField
          label={t('content.verifier.shownHash')}
          value={values.shownHash}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => update('shownHash', event.target.value)}
        />
        <div className="content-actions">
          <Button type="submit">{t('content.verifier.verify')}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setValues(EXAMPLE);
              setErrors({});
              setResult(null);
            }}
          >
            {t('content.verifier.useExample')}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {failure && (
          <p role="alert" className="content-field__error">
            {failure}
          </p>
        )}
        {result && (
          <dl className="content-result" data-testid="verifier-result">
            <dt>{t('content.verifier.hashResult')}</dt>
            <dd className="content-mono">{result.serverSeedHash}</dd>
            {shownHash && (
              <dd className={shownHash === result.serverSeedHash ? 'content-match' : 'content-mismatch'}>
                {shownHash === result.serverSeedHash ? t('content.verifier.hashMatches') : t('content.verifier.hashDiffers')}
              </dd>
            )}
            <dt>{t('content.verifier.hmacResult')}</dt>
            <dd className="content-mono">{result.hmacHex}</dd>
            <dt>{t('content.verifier.firstBytes')}</dt>
            <dd className="content-mono">{result.firstBytes.join(', ')}</dd>
            <dt>{t('content.verifier.firstFloat')}</dt>
            <dd className="content-mono" data-testid="verifier-float">
              {result.firstFloat.toFixed(10)}
            </dd>
          </dl>
        )}
      </div>
    </section>
  );
}
