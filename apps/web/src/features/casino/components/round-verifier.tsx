import { FAIR_GAME_CODES } from '@app/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCrashRound, useFairRound } from '../api/fair-calls';
import { type VerifyResult, verifyRound } from '../model/verify-round';
import '../casino.css';

interface Form {
  game: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  params: string;
}

const EMPTY: Form = {
  game: 'dice',
  serverSeed: '',
  serverSeedHash: '',
  clientSeed: '',
  nonce: '0',
  params: '{"target":50,"direction":"under"}',
};

/**
 * Checks a round in this browser (WebCrypto + the games' shared code): from a round id in the
 * address (`?round=` or `?crash=`) the seeds fill in; anyone may also type them.
 */
export function RoundVerifier() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roundId = params.get('round') ?? undefined;
  const crashNumber = params.get('crash');
  const round = useFairRound(roundId);
  const crash = useCrashRound(crashNumber && /^\d+$/.test(crashNumber) ? Number(crashNumber) : undefined);
  const [form, setForm] = useState<Form>(EMPTY);
  const [result, setResult] = useState<{ value?: VerifyResult; error?: string; expected?: unknown } | undefined>(undefined);

  useEffect(() => {
    if (round.data) {
      const data = round.data;
      setForm({
        game: data.game_code,
        serverSeed: data.server_seed ?? '',
        serverSeedHash: data.server_seed_hash,
        clientSeed: data.client_seed,
        nonce: String(data.nonce),
        params: JSON.stringify(data.params),
      });
    }
  }, [round.data]);
  useEffect(() => {
    if (crash.data) {
      setForm({
        game: 'crash',
        serverSeed: crash.data.server_seed ?? '',
        serverSeedHash: crash.data.server_seed_hash,
        clientSeed: 'crash',
        nonce: String(crash.data.round_number),
        params: '{"cashout":2}',
      });
    }
  }, [crash.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const value = await verifyRound({
        game: form.game,
        serverSeed: form.serverSeed,
        clientSeed: form.clientSeed,
        nonce: Number(form.nonce),
        params: JSON.parse(form.params) as unknown,
      });
      setResult({ value, expected: round.data?.outcome ?? (crash.data ? { crash_point: crash.data.crash_point } : undefined) });
    } catch (error) {
      setResult({
        error:
          error instanceof Error && error.message === 'WEBCRYPTO_UNAVAILABLE'
            ? t('casino.verify.noCrypto')
            : t('casino.verify.bad'),
      });
    }
  };
  const field = (key: keyof Form, label: string) => (
    <label className="casino-field">
      <span>{label}</span>
      <input value={form[key]} onChange={(event) => setForm({ ...form, [key]: event.target.value })} />
    </label>
  );
  const isHashOk = result?.value && (!form.serverSeedHash || result.value.serverSeedHash === form.serverSeedHash);
  const isOutcomeOk =
    result?.value &&
    (result.expected === undefined ||
      JSON.stringify(result.expected) ===
        JSON.stringify(
          form.game === 'crash'
            ? { crash_point: (result.value.outcome as { crash_point: number }).crash_point }
            : result.value.outcome,
        ));
  const isUnrevealed =
    (roundId && round.data && !round.data.server_seed) || (crashNumber && crash.data && !crash.data.server_seed);
  return (
    <section className="casino-verifier" aria-labelledby="casino-verifier-title" data-testid="round-verifier">
      <h2 id="casino-verifier-title">{t('casino.verify.title')}</h2>
      {isUnrevealed ? <p role="status">{t('casino.verify.notRevealed')}</p> : null}
      <form onSubmit={(event) => void submit(event)}>
        <label className="casino-field">
          <span>{t('casino.verify.game')}</span>
          <select value={form.game} onChange={(event) => setForm({ ...form, game: event.target.value })}>
            {FAIR_GAME_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        {field('serverSeed', t('casino.verify.serverSeed'))}
        {field('serverSeedHash', t('casino.seeds.serverHash'))}
        {field('clientSeed', t('casino.seeds.clientSeed'))}
        {field('nonce', t('casino.seeds.nonce'))}
        {field('params', t('casino.verify.params'))}
        <button type="submit" className="ui-button ui-button--primary ui-button--md">
          {t('casino.verify.submit')}
        </button>
      </form>
      {result?.error && <p role="alert">{result.error}</p>}
      {result?.value && (
        <div className="casino-verifier__result" role="status" data-testid="verify-result">
          <p>{isHashOk ? t('casino.verify.hashOk') : t('casino.verify.hashBad')}</p>
          {result.expected !== undefined && <p>{isOutcomeOk ? t('casino.verify.outcomeOk') : t('casino.verify.outcomeBad')}</p>}
          <pre className="casino-mono">{JSON.stringify(result.value.outcome)}</pre>
          <p>{t('casino.verify.multiplier', { value: (result.value.multiplier / 10_000).toFixed(2) })}</p>
        </div>
      )}
    </section>
  );
}
