import { parseCommitment } from '@app/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '@/components/ui';
import { useLiveRound } from '../api/live-table-calls';
import { type LiveVerification, verifyLiveRound } from '../model/verify-live-round';
import { LiveBoard } from './live-board';
import '../live-tables.css';

/** `?live=live-andar-bahar:12` → the table and the round number. */
export function parseLiveParam(value: string | null): { table: string; roundNumber: number } | null {
  const match = /^([a-z0-9-]{1,60}):(\d{1,12})$/.exec(value ?? '');
  if (!match) return null;
  return { table: match[1] ?? '', roundNumber: Number(match[2]) };
}

/** What the player saved of the table's chains: the terminating hashes and their beacon rounds. */
function savedChains(text: string): { terminating_hash: string; beacon_round: number | null }[] | 'invalid' | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return [{ terminating_hash: trimmed.toLowerCase(), beacon_round: null }];
  const commitment = parseCommitment(trimmed);
  if (!commitment?.chains) return 'invalid';
  return commitment.chains.map((chain) => ({
    terminating_hash: chain.terminating_hash,
    beacon_round: chain.beacon?.round ?? null,
  }));
}

function Check({ isOk, ok, bad }: { isOk: boolean; ok: string; bad: string }) {
  return <li className={isOk ? 'lt-check--ok' : 'lt-check--bad'}>{isOk ? ok : bad}</li>;
}

/**
 * /provably-fair?live=…: one live round checked in the browser (docs/casino-fairness.md, "Live
 * tables"): its revealed seed against the hash shown while bets were open and down its chain to the
 * terminating hash, its salt against its drand round, its outcome recomputed from the seed, the
 * chain's salt and the round number; and the chain against what the player saved before playing.
 */
export function LiveRoundVerifier() {
  const { t } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const parsed = parseLiveParam(params.get('live'));
  const round = useLiveRound(parsed?.table ?? '', parsed?.roundNumber ?? 0);
  const [check, setCheck] = useState<LiveVerification | null | 'failed'>(null);
  const [saved, setSaved] = useState('');
  useEffect(() => {
    if (!round.data) return;
    let isCurrent = true;
    verifyLiveRound(round.data).then(
      (result) => isCurrent && setCheck(result),
      () => isCurrent && setCheck('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, [round.data]);
  if (!parsed) return <p className="lt-empty">{t('liveTables.verifier.badLink')}</p>;
  if (round.isPending) return <Loading label={t('liveTables.loading')} />;
  if (round.error || !round.data) {
    return (
      <p className="lt-empty" role="alert">
        {round.error?.message}
      </p>
    );
  }
  const data = round.data;
  const mine = savedChains(saved);
  const savedMatch =
    mine && mine !== 'invalid' && data.chain
      ? mine.find((entry) => entry.terminating_hash === data.chain?.terminating_hash)
      : undefined;
  return (
    <section className="lt-verifier" aria-labelledby={`${id}-title`} data-testid="live-verifier">
      <h2 id={`${id}-title`}>
        {t('liveTables.verifier.title', {
          table: t(`liveTables.names.${data.table}`, { defaultValue: data.table }),
          n: data.round_number,
        })}
      </h2>
      <LiveBoard round={data} />
      <dl className="lt-fair">
        <dt>{t('liveTables.hash')}</dt>
        <dd className="lt-mono">{data.server_seed_hash}</dd>
        <dt>{t('liveTables.seed')}</dt>
        <dd className="lt-mono">{data.server_seed ?? t('liveTables.verifier.notYet')}</dd>
        <dt>{t('liveTables.verifier.clientSeed')}</dt>
        <dd className="lt-mono">{data.client_seed}</dd>
        <dt>{t('liveTables.verifier.nonce')}</dt>
        <dd className="lt-mono">{data.nonce}</dd>
        {data.chain && (
          <>
            <dt>{t('liveTables.verifier.chain')}</dt>
            <dd className="lt-mono">
              {t('liveTables.chain.position', { id: data.chain.id, position: data.chain.position, length: data.chain.length })} ·{' '}
              {data.chain.terminating_hash}
            </dd>
          </>
        )}
      </dl>
      <label className="lt-saved">
        <span>{t('liveTables.verifier.savedLabel')}</span>
        <textarea rows={3} value={saved} spellCheck={false} onChange={(event) => setSaved(event.target.value)} />
        <small>{t('liveTables.verifier.savedHint')}</small>
      </label>
      {check === 'failed' && <p role="alert">{t('liveTables.verifier.noCrypto')}</p>}
      {check && check !== 'failed' && (
        <ul className="lt-checks" role="status" data-testid="live-verification">
          <Check
            isOk={check.isHashMatched}
            ok={t('liveTables.verifier.hashMatches')}
            bad={t('liveTables.verifier.hashDiffers')}
          />
          {check.isChainMatched !== null && (
            <Check
              isOk={check.isChainMatched}
              ok={t('liveTables.verifier.chainMatches')}
              bad={t('liveTables.verifier.chainDiffers')}
            />
          )}
          {check.isBeaconValid !== null && data.chain?.beacon && (
            <Check
              isOk={check.isBeaconValid}
              ok={t('liveTables.verifier.beaconValid', { round: data.chain.beacon.round })}
              bad={t('liveTables.verifier.beaconInvalid', { round: data.chain.beacon.round })}
            />
          )}
          {data.chain?.salt_source === 'self' && <li className="lt-check--note">{t('liveTables.verifier.selfSalt')}</li>}
          <Check
            isOk={check.isOutcomeMatched}
            ok={t('liveTables.verifier.outcomeMatches')}
            bad={t('liveTables.verifier.outcomeDiffers')}
          />
          {mine === null && <li className="lt-check--note">{t('liveTables.verifier.selfOnly')}</li>}
          {mine === 'invalid' && <li className="lt-check--bad">{t('liveTables.verifier.savedInvalid')}</li>}
          {mine && mine !== 'invalid' && (
            <Check
              isOk={
                Boolean(savedMatch) && (savedMatch?.beacon_round == null || savedMatch.beacon_round === data.chain?.beacon?.round)
              }
              ok={t('liveTables.verifier.savedMatches')}
              bad={t('liveTables.verifier.savedDiffers')}
            />
          )}
        </ul>
      )}
    </section>
  );
}
