import { chainsCommitment, commitmentFileName, latinDigitsLocale, type RoundChainView } from '@app/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveText } from '../ui';
import './fair.css';

/** What a chain shows of itself, whether from the chain list or from a round of it. */
export type ChainShown = Pick<
  RoundChainView,
  'id' | 'length' | 'terminating_hash' | 'salt_source' | 'salt_hash' | 'salt' | 'beacon' | 'published_at' | 'starts_at'
>;

/**
 * A published round chain of Crash or a live table (docs/casino-fairness.md, "Round chains"): its
 * terminating hash, when it was published and may start, and where its salt comes from: a drand
 * round announced with it, or (the offline fallback, said so) a salt the operator drew.
 */
export function ChainDetails({ chain }: { chain: ChainShown }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'medium' });
  const when = (iso: string) => date.format(new Date(iso));
  return (
    <dl className="fair-chain">
      <dt>{t('fair.chain.terminating')}</dt>
      <dd className="fair-mono" data-testid="chain-terminating-hash">
        {chain.terminating_hash}
      </dd>
      <dt>{t('fair.chain.published')}</dt>
      <dd>{when(chain.published_at)}</dd>
      <dt>{t('fair.chain.startsAt')}</dt>
      <dd>{when(chain.starts_at)}</dd>
      {chain.beacon ? (
        <>
          <dt>{t('fair.chain.beaconSalt')}</dt>
          <dd data-testid="chain-beacon">
            {t('fair.chain.beaconRound', { round: chain.beacon.round, at: when(chain.beacon.round_at) })}
          </dd>
          <dt>{t('fair.chain.beaconSignature')}</dt>
          <dd className="fair-mono">{chain.beacon.signature ?? t('fair.chain.beaconPending')}</dd>
        </>
      ) : (
        <>
          <dt>{t('fair.chain.selfSalt')}</dt>
          <dd className="fair-chain__fallback" data-testid="chain-self-salt">
            {t('fair.chain.selfSaltNote')}
          </dd>
          <dt>{t('fair.chain.saltHash')}</dt>
          <dd className="fair-mono">{chain.salt_hash}</dd>
        </>
      )}
      <dt>{t('fair.chain.salt')}</dt>
      <dd className="fair-mono">{chain.salt ?? (chain.beacon ? t('fair.chain.saltFromBeacon') : t('fair.chain.saltLater'))}</dd>
    </dl>
  );
}

/**
 * The chains a player saves before playing a shared-round game: copy or download, to check rounds
 * against later (docs/casino-fairness.md, "Checking rounds").
 */
export function SaveChains({ game, chains }: { game: string; chains: readonly RoundChainView[] }) {
  const { t } = useTranslation();
  const commitment = useMemo(() => chainsCommitment(window.location.origin, game, new Date(), chains), [game, chains]);
  if (!commitment.chains?.length) return null;
  return (
    <div className="fair-save">
      <p className="fair-note">{t('fair.chain.saveHint')}</p>
      <SaveText
        text={JSON.stringify(commitment, null, 2)}
        fileName={commitmentFileName(commitment)}
        label={t('fair.chain.saveLabel')}
        testId="save-commitment"
      />
    </div>
  );
}
