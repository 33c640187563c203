import { FAIR_GAME_CODES, type FairGameCode, isFairGameCode, latinDigitsLocale } from '@app/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui';
import { useCrashRound, useFairRound } from '../api/fair-calls';
import { ownGameName } from '../model/game-name';
import { readableOutcome, readablePayout } from '../model/readable-outcome';
import { matchesSavedSeed, matchSavedChain, readSavedInput } from '../model/saved-commitment';
import { buildParams, defaultRawParams, type RawParams, rawParamsOf } from '../model/verifier-params';
import { verifyBeaconSalt, verifyCrashRound, verifyRound } from '../model/verify-round';
import { VerifierParams } from './verifier-params';
import '../casino.css';

interface SeedFields {
  serverSeed: string;
  /** The hash in the site's record (or typed): what the seed must hash to. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
}

interface CrashFields {
  roundHash: string;
  previousHash: string;
  salt: string;
  position: string;
  terminatingHash: string;
  beaconRound: string;
  beaconSignature: string;
}

const EMPTY_SEEDS: SeedFields = { serverSeed: '', serverSeedHash: '', clientSeed: '', nonce: '0' };
const EMPTY_CRASH: CrashFields = {
  roundHash: '',
  previousHash: '',
  salt: '',
  position: '',
  terminatingHash: '',
  beaconRound: '',
  beaconSignature: '',
};

/** One line of the verdict: passed, failed, or a plain-words caveat. */
interface Check {
  state: 'ok' | 'bad' | 'note';
  text: string;
}

interface Result {
  game: FairGameCode;
  checks: Check[];
  outcome: string[];
  payout?: string;
}

/**
 * Checks a round in this browser (WebCrypto + the games' shared code; docs/casino-fairness.md,
 * "Checking rounds"): from a round id in the address (`?round=` or `?crash=`) the public record
 * fills in; anyone may type a round too. What the player saved before playing is what the round
 * is checked against; without it the page says it checked the record against itself.
 */
export function RoundVerifier() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const roundId = params.get('round') ?? undefined;
  const crashNumber = params.get('crash');
  const round = useFairRound(roundId);
  const crash = useCrashRound(crashNumber && /^\d+$/.test(crashNumber) ? Number(crashNumber) : undefined);
  const [game, setGame] = useState<FairGameCode>('dice');
  const [seeds, setSeeds] = useState<SeedFields>(EMPTY_SEEDS);
  const [raw, setRaw] = useState<RawParams>(defaultRawParams('dice'));
  const [crashFields, setCrashFields] = useState<CrashFields>(EMPTY_CRASH);
  const [saved, setSaved] = useState('');
  const [result, setResult] = useState<Result | { error: string } | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const isCrash = game === 'crash';

  useEffect(() => {
    const data = round.data;
    if (!data || !isFairGameCode(data.game_code)) return;
    setGame(data.game_code);
    setSeeds({
      serverSeed: data.server_seed ?? '',
      serverSeedHash: data.server_seed_hash,
      clientSeed: data.client_seed,
      nonce: String(data.nonce),
    });
    setRaw(rawParamsOf(data.game_code, data.params));
  }, [round.data]);
  useEffect(() => {
    const data = crash.data;
    if (!data) return;
    setGame('crash');
    setCrashFields({
      roundHash: data.server_seed ?? '',
      previousHash: data.server_seed_hash,
      salt: data.chain?.salt ?? '',
      position: String(data.chain?.position ?? ''),
      terminatingHash: data.chain?.terminating_hash ?? '',
      beaconRound: data.chain?.beacon ? String(data.chain.beacon.round) : '',
      beaconSignature: data.chain?.beacon?.signature ?? '',
    });
  }, [crash.data]);
  // The verdict comes into view above the bottom bar, and takes the focus for a screen reader.
  useEffect(() => {
    if (!result) return;
    resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    resultRef.current?.focus({ preventScroll: true });
  }, [result]);

  const savedInput = readSavedInput(saved);
  const savedDate = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'medium' });

  async function checkRound(): Promise<Result> {
    const value = await verifyRound({
      game,
      serverSeed: seeds.serverSeed.trim(),
      clientSeed: seeds.clientSeed.trim(),
      nonce: Number(seeds.nonce),
      params: buildParams(game, raw),
    });
    const checks: Check[] = [];
    const recordHash = seeds.serverSeedHash.trim().toLowerCase();
    if (recordHash) {
      checks.push(
        value.serverSeedHash === recordHash
          ? { state: 'ok', text: t('casino.verify.hashOk') }
          : { state: 'bad', text: t('casino.verify.hashBad') },
      );
    }
    const isSaved = matchesSavedSeed(savedInput, value.serverSeedHash);
    if (isSaved === null) checks.push({ state: 'note', text: t('casino.verify.selfOnly') });
    else
      checks.push(
        isSaved ? { state: 'ok', text: t('casino.verify.savedSeedOk') } : { state: 'bad', text: t('casino.verify.savedSeedBad') },
      );
    const expected =
      round.data && round.data.game_code === game && round.data.nonce === Number(seeds.nonce) ? round.data.outcome : undefined;
    if (expected !== undefined) {
      checks.push(
        JSON.stringify(expected) === JSON.stringify(value.outcome)
          ? { state: 'ok', text: t('casino.verify.outcomeOk') }
          : { state: 'bad', text: t('casino.verify.outcomeBad') },
      );
    }
    return { game, checks, outcome: readableOutcome(t, game, value.outcome), payout: readablePayout(t, value.multiplier) };
  }

  async function checkCrash(): Promise<Result> {
    const fields = crashFields;
    const position = Number(fields.position);
    const terminating = fields.terminatingHash.trim().toLowerCase();
    const salt = fields.salt.trim();
    const value = await verifyCrashRound({
      roundHash: fields.roundHash.trim(),
      salt,
      previousHash: fields.previousHash.trim() || undefined,
      ...(Number.isInteger(position) && position >= 1 && terminating ? { position, terminatingHash: terminating } : {}),
    });
    const checks: Check[] = [];
    if (value.isLinkOk !== null)
      checks.push(
        value.isLinkOk ? { state: 'ok', text: t('casino.verify.linkOk') } : { state: 'bad', text: t('casino.verify.linkBad') },
      );
    if (value.isChainOk !== null)
      checks.push(
        value.isChainOk ? { state: 'ok', text: t('casino.verify.chainOk') } : { state: 'bad', text: t('casino.verify.chainBad') },
      );
    const savedChain = matchSavedChain(savedInput, terminating);
    if (savedChain === null) checks.push({ state: 'note', text: t('casino.verify.selfOnly') });
    else if (savedChain.kind === 'other') checks.push({ state: 'bad', text: t('casino.verify.savedChainBad') });
    else checks.push({ state: 'ok', text: t('casino.verify.savedChainOk') });
    const beaconRound = Number(fields.beaconRound);
    if (fields.beaconRound.trim() && Number.isInteger(beaconRound) && beaconRound >= 1) {
      const beacon = await verifyBeaconSalt(beaconRound, fields.beaconSignature.trim().toLowerCase(), salt);
      checks.push(
        beacon.isSignatureValid && beacon.isSaltFromSignature
          ? { state: 'ok', text: t('casino.verify.beaconOk', { round: beaconRound }) }
          : { state: 'bad', text: t('casino.verify.beaconBad', { round: beaconRound }) },
      );
      if (savedChain?.kind === 'match' && savedChain.beaconRound !== null) {
        checks.push(
          savedChain.beaconRound === beaconRound
            ? { state: 'ok', text: t('casino.verify.beaconSavedOk') }
            : { state: 'bad', text: t('casino.verify.beaconSavedBad', { saved: savedChain.beaconRound }) },
        );
      }
    } else {
      checks.push({ state: 'note', text: t('casino.verify.selfSalt') });
    }
    const expected = crash.data?.crash_point;
    if (typeof expected === 'number') {
      checks.push(
        expected === value.crashPoint
          ? { state: 'ok', text: t('casino.verify.outcomeOk') }
          : { state: 'bad', text: t('casino.verify.outcomeBad') },
      );
    }
    return { game, checks, outcome: readableOutcome(t, 'crash', { crash_point: value.crashPoint }) };
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (savedInput.kind === 'invalid') {
      setResult({ error: t('casino.verify.savedInvalid') });
      return;
    }
    setIsBusy(true);
    try {
      setResult(isCrash ? await checkCrash() : await checkRound());
    } catch (error) {
      setResult({
        error:
          error instanceof Error && error.message === 'WEBCRYPTO_UNAVAILABLE'
            ? t('casino.verify.noCrypto')
            : t('casino.verify.bad'),
      });
    } finally {
      setIsBusy(false);
    }
  };

  const text = <T extends SeedFields | CrashFields>(
    values: T,
    set: (next: T) => void,
    key: keyof T & string,
    label: string,
    numeric = false,
  ) => (
    <label className="casino-field">
      <span>{label}</span>
      <input
        value={String(values[key])}
        autoComplete="off"
        spellCheck={false}
        inputMode={numeric ? 'numeric' : undefined}
        onChange={(event) => {
          set({ ...values, [key]: event.target.value });
          setResult(undefined);
        }}
      />
    </label>
  );
  const isUnrevealed =
    (roundId && round.data && !round.data.server_seed) || (crashNumber && crash.data && !crash.data.server_seed);
  const isFirstRules = round.data?.rules === 1 || (crash.data !== undefined && crash.data.chain === null);
  const loadFile = async (file: File | undefined) => {
    if (file) setSaved(await file.text());
  };
  return (
    <section className="casino-verifier" aria-labelledby={`${id}-title`} data-testid="round-verifier">
      <h2 id={`${id}-title`}>{t('casino.verify.title')}</h2>
      {isUnrevealed ? <p role="status">{t('casino.verify.notRevealed')}</p> : null}
      {isFirstRules ? <p role="status">{t('casino.verify.firstRules')}</p> : null}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label className="casino-field">
          <span>{t('casino.verify.game')}</span>
          <select
            value={game}
            onChange={(event) => {
              const next = event.target.value;
              if (!isFairGameCode(next)) return;
              setGame(next);
              setRaw(defaultRawParams(next));
              setResult(undefined);
            }}
          >
            {FAIR_GAME_CODES.map((code) => (
              <option key={code} value={code}>
                {ownGameName(t, code, code)}
              </option>
            ))}
          </select>
        </label>
        {isCrash ? (
          <>
            {text(crashFields, setCrashFields, 'roundHash', t('casino.verify.roundHash'))}
            {text(crashFields, setCrashFields, 'previousHash', t('casino.verify.previousHash'))}
            {text(crashFields, setCrashFields, 'position', t('casino.verify.position'), true)}
            {text(crashFields, setCrashFields, 'terminatingHash', t('casino.verify.terminating'))}
            {text(crashFields, setCrashFields, 'salt', t('casino.verify.salt'))}
            {text(crashFields, setCrashFields, 'beaconRound', t('casino.verify.beaconRound'), true)}
            {text(crashFields, setCrashFields, 'beaconSignature', t('casino.verify.beaconSignature'))}
          </>
        ) : (
          <>
            {text(seeds, setSeeds, 'serverSeed', t('casino.verify.serverSeed'))}
            {text(seeds, setSeeds, 'serverSeedHash', t('casino.verify.recordHash'))}
            {text(seeds, setSeeds, 'clientSeed', t('casino.seeds.clientSeed'))}
            {text(seeds, setSeeds, 'nonce', t('casino.seeds.nonce'), true)}
            <VerifierParams
              game={game}
              raw={raw}
              onChange={(next) => {
                setRaw(next);
                setResult(undefined);
              }}
            />
          </>
        )}
        <fieldset className="casino-verifier__saved">
          <legend>{t('casino.verify.savedTitle')}</legend>
          <p className="casino-verifier__note" id={`${id}-saved-hint`}>
            {t('casino.verify.savedHint')}
          </p>
          <label className="casino-field">
            <span>{t('casino.verify.savedLabel')}</span>
            <textarea
              rows={3}
              value={saved}
              spellCheck={false}
              aria-describedby={`${id}-saved-hint`}
              aria-invalid={savedInput.kind === 'invalid' || undefined}
              onChange={(event) => {
                setSaved(event.target.value);
                setResult(undefined);
              }}
            />
          </label>
          {/* The browser's own file button speaks its language, not the player's: ours is a label. */}
          <label className="ui-button ui-button--secondary ui-button--sm casino-verifier__file">
            {t('casino.verify.savedFile')}
            <input
              type="file"
              className="visually-hidden"
              accept="application/json,.json,.txt"
              onChange={(event) => void loadFile(event.target.files?.[0])}
            />
          </label>
          {savedInput.kind === 'commitment' && (
            <p className="casino-verifier__note" role="status">
              {t('casino.verify.savedRead', { date: savedDate.format(new Date(savedInput.savedAt)) })}
            </p>
          )}
        </fieldset>
        <Button type="submit" isLoading={isBusy}>
          {t('casino.verify.submit')}
        </Button>
      </form>
      <div ref={resultRef} tabIndex={-1} className="casino-verifier__result" data-testid="verify-result" aria-live="polite">
        {result && 'error' in result && <p role="alert">{result.error}</p>}
        {result && !('error' in result) && (
          <>
            <h3>{t('casino.verify.resultTitle', { game: ownGameName(t, result.game, result.game) })}</h3>
            <ul className="casino-verifier__checks">
              {result.checks.map((check) => (
                <li key={check.text} className={`casino-check casino-check--${check.state}`}>
                  <span aria-hidden="true">{check.state === 'ok' ? '✓' : check.state === 'bad' ? '✗' : '!'}</span> {check.text}
                </li>
              ))}
            </ul>
            <div className="casino-verifier__outcome" data-testid="verify-outcome">
              {result.outcome.map((line) => (
                <p key={line}>{line}</p>
              ))}
              {result.payout && <p>{result.payout}</p>}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
