import { useEffect, useState } from 'react';
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

/**
 * /provably-fair?live=…: one live round checked in the browser (docs/casino-fairness.md, "Live
 * tables"): its revealed seed against the hash shown while bets were open, then its outcome
 * recomputed from the seed, the table's code and the round number.
 */
export function LiveRoundVerifier() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const parsed = parseLiveParam(params.get('live'));
  const round = useLiveRound(parsed?.table ?? '', parsed?.roundNumber ?? 0);
  const [check, setCheck] = useState<LiveVerification | null | 'failed'>(null);
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
  return (
    <section className="lt-verifier" aria-labelledby="lt-verifier-title" data-testid="live-verifier">
      <h2 id="lt-verifier-title">
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
      </dl>
      {check === 'failed' && <p role="alert">{t('liveTables.verifier.noCrypto')}</p>}
      {check && check !== 'failed' && (
        <ul className="lt-checks" role="status" data-testid="live-verification">
          <li className={check.isHashMatched ? 'lt-check--ok' : 'lt-check--bad'}>
            {check.isHashMatched ? t('liveTables.verifier.hashMatches') : t('liveTables.verifier.hashDiffers')}
          </li>
          <li className={check.isOutcomeMatched ? 'lt-check--ok' : 'lt-check--bad'}>
            {check.isOutcomeMatched ? t('liveTables.verifier.outcomeMatches') : t('liveTables.verifier.outcomeDiffers')}
          </li>
        </ul>
      )}
    </section>
  );
}
