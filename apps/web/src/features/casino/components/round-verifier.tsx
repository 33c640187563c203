import { FAIR_GAME_CODES } from '@app/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui';
import { useCrashRound, useFairRound } from '../api/fair-calls';
import { type CrashVerifyResult, type VerifyResult, verifyCrashRound, verifyRound } from '../model/verify-round';
import '../casino.css';

interface Form {
  game: string;
  /** A crash round's hash, or the revealed server seed. */
  serverSeed: string;
  /** What it must hash to: the hash shown before play (a crash round: the previous hash). */
  serverSeedHash: string;
  /** The client seed, or a crash chain's salt. */
  clientSeed: string;
  /** The nonce, or a crash round's position in its chain. */
  nonce: string;
  terminatingHash: string;
  params: string;
}

const EMPTY: Form = {
  game: 'dice',
  serverSeed: '',
  serverSeedHash: '',
  clientSeed: '',
  nonce: '0',
  terminatingHash: '',
  params: '{"target":50,"direction":"under"}',
};

type Outcome =
  | { kind: 'round'; value: VerifyResult; expected?: unknown }
  | { kind: 'crash'; value: CrashVerifyResult; expected?: number | null }
  | { kind: 'error'; message: string };

/**
 * Checks a round in this browser (WebCrypto + the games' shared code): from a round id in the
 * address (`?round=` or `?crash=`) the public record fills in; anyone may also type it.
 */
export function RoundVerifier() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roundId = params.get('round') ?? undefined;
  const crashNumber = params.get('crash');
  const round = useFairRound(roundId);
  const crash = useCrashRound(crashNumber && /^\d+$/.test(crashNumber) ? Number(crashNumber) : undefined);
  const [form, setForm] = useState<Form>(EMPTY);
  const [result, setResult] = useState<Outcome | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);
  const isCrash = form.game === 'crash';

  useEffect(() => {
    if (round.data) {
      const data = round.data;
      setForm({
        ...EMPTY,
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
      const data = crash.data;
      setForm({
        ...EMPTY,
        game: 'crash',
        serverSeed: data.server_seed ?? '',
        serverSeedHash: data.server_seed_hash,
        clientSeed: data.chain?.salt ?? '',
        nonce: String(data.chain?.position ?? ''),
        terminatingHash: data.chain?.terminating_hash ?? '',
      });
    }
  }, [crash.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    try {
      if (isCrash) {
        const position = Number(form.nonce);
        const value = await verifyCrashRound({
          roundHash: form.serverSeed.trim(),
          salt: form.clientSeed.trim(),
          previousHash: form.serverSeedHash.trim() || undefined,
          ...(Number.isInteger(position) && position >= 1 && form.terminatingHash.trim()
            ? { position, terminatingHash: form.terminatingHash.trim() }
            : {}),
        });
        setResult({ kind: 'crash', value, expected: crash.data?.crash_point });
      } else {
        const value = await verifyRound({
          game: form.game,
          serverSeed: form.serverSeed,
          clientSeed: form.clientSeed,
          nonce: Number(form.nonce),
          params: JSON.parse(form.params) as unknown,
        });
        setResult({ kind: 'round', value, expected: round.data?.outcome });
      }
    } catch (error) {
      setResult({
        kind: 'error',
        message:
          error instanceof Error && error.message === 'WEBCRYPTO_UNAVAILABLE'
            ? t('casino.verify.noCrypto')
            : t('casino.verify.bad'),
      });
    } finally {
      setIsBusy(false);
    }
  };
  const field = (key: keyof Form, label: string) => (
    <label className="casino-field">
      <span>{label}</span>
      <input
        value={form[key]}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setForm({ ...form, [key]: event.target.value })}
      />
    </label>
  );
  const isUnrevealed =
    (roundId && round.data && !round.data.server_seed) || (crashNumber && crash.data && !crash.data.server_seed);
  const isFirstRules = round.data?.rules === 1 || (crash.data !== undefined && crash.data.chain === null);
  return (
    <section className="casino-verifier" aria-labelledby="casino-verifier-title" data-testid="round-verifier">
      <h2 id="casino-verifier-title">{t('casino.verify.title')}</h2>
      {isUnrevealed ? <p role="status">{t('casino.verify.notRevealed')}</p> : null}
      {isFirstRules ? <p role="status">{t('casino.verify.firstRules')}</p> : null}
      <form onSubmit={(event) => void submit(event)}>
        <label className="casino-field">
          <span>{t('casino.verify.game')}</span>
          <select
            value={form.game}
            onChange={(event) => {
              setForm({ ...form, game: event.target.value });
              setResult(undefined);
            }}
          >
            {FAIR_GAME_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        {isCrash ? (
          <>
            {field('serverSeed', t('casino.verify.roundHash'))}
            {field('serverSeedHash', t('casino.verify.previousHash'))}
            {field('clientSeed', t('casino.verify.salt'))}
            {field('nonce', t('casino.verify.position'))}
            {field('terminatingHash', t('casino.verify.terminating'))}
          </>
        ) : (
          <>
            {field('serverSeed', t('casino.verify.serverSeed'))}
            {field('serverSeedHash', t('casino.seeds.serverHash'))}
            {field('clientSeed', t('casino.seeds.clientSeed'))}
            {field('nonce', t('casino.seeds.nonce'))}
            {field('params', t('casino.verify.params'))}
          </>
        )}
        <Button type="submit" isLoading={isBusy}>
          {t('casino.verify.submit')}
        </Button>
      </form>
      {result?.kind === 'error' && <p role="alert">{result.message}</p>}
      {result?.kind === 'round' && <RoundResult result={result.value} expected={result.expected} hash={form.serverSeedHash} />}
      {result?.kind === 'crash' && <CrashResult result={result.value} expected={result.expected} />}
    </section>
  );
}

function RoundResult({ result, expected, hash }: { result: VerifyResult; expected: unknown; hash: string }) {
  const { t } = useTranslation();
  const isHashOk = !hash.trim() || result.serverSeedHash === hash.trim();
  return (
    <div className="casino-verifier__result" role="status" data-testid="verify-result">
      <p>{isHashOk ? t('casino.verify.hashOk') : t('casino.verify.hashBad')}</p>
      {expected !== undefined && (
        <p>
          {JSON.stringify(expected) === JSON.stringify(result.outcome)
            ? t('casino.verify.outcomeOk')
            : t('casino.verify.outcomeBad')}
        </p>
      )}
      <pre className="casino-mono">{JSON.stringify(result.outcome)}</pre>
      <p>{t('casino.verify.multiplier', { value: (result.multiplier / 10_000).toFixed(2) })}</p>
    </div>
  );
}

function CrashResult({ result, expected }: { result: CrashVerifyResult; expected: number | null | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="casino-verifier__result" role="status" data-testid="verify-result">
      {result.isLinkOk !== null && <p>{result.isLinkOk ? t('casino.verify.linkOk') : t('casino.verify.linkBad')}</p>}
      {result.isChainOk !== null && <p>{result.isChainOk ? t('casino.verify.chainOk') : t('casino.verify.chainBad')}</p>}
      {typeof expected === 'number' && (
        <p>{expected === result.crashPoint ? t('casino.verify.outcomeOk') : t('casino.verify.outcomeBad')}</p>
      )}
      <p>{t('casino.verify.crashPoint', { value: result.crashPoint.toFixed(2) })}</p>
    </div>
  );
}
