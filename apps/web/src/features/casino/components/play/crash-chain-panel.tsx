import type { CrashRoundView } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChainDetails, SaveChains } from '@/components/fair';
import { useCrashChains } from '../../api/fair-calls';

/**
 * Where Crash rounds come from (docs/casino-fairness.md, "Round chains"): the chain of this round,
 * published before its first round with its salt's source, the chains queued after it, and the
 * player's copy of them to check rounds against later.
 */
export function CrashChainPanel({ round }: { round: CrashRoundView }) {
  const { t } = useTranslation();
  const id = useId();
  const chains = useCrashChains();
  const chain = round.chain;
  const queued = (chains.data ?? []).filter((row) => row.status === 'queued');
  return (
    <section className="casino-chain" aria-labelledby={`${id}-title`} data-testid="crash-chain">
      <h2 id={`${id}-title`}>{t('casino.chain.title')}</h2>
      {chain ? (
        <>
          <p className="casino-chain__note">
            {t('casino.chain.position', { id: chain.id, position: chain.position, length: chain.length })}
          </p>
          <ChainDetails chain={chain} />
        </>
      ) : (
        <p className="casino-chain__note">{t('casino.chain.none')}</p>
      )}
      {queued.length > 0 && (
        <>
          <h3>{t('casino.chain.queued')}</h3>
          <ul className="casino-chain__queued">
            {queued.map((row) => (
              <li key={row.id}>
                <p>{t('casino.chain.queuedChain', { id: row.id, length: row.length })}</p>
                <ChainDetails chain={row} />
              </li>
            ))}
          </ul>
        </>
      )}
      {chains.data && <SaveChains game="crash" chains={chains.data} />}
      <p className="casino-chain__note">
        {t('casino.chain.howTo')} <Link to="/provably-fair">{t('casino.chain.learnMore')}</Link>
      </p>
    </section>
  );
}
