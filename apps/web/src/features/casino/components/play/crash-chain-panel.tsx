import type { CrashRoundView } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCrashChains } from '../../api/fair-calls';

/**
 * Where Crash rounds come from (docs/casino-fairness.md, Crash): the chain of this round with its
 * terminating hash and salt, published before its first round, and the chains queued after it.
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
          <dl>
            <dt>{t('casino.chain.terminating')}</dt>
            <dd className="casino-mono" data-testid="chain-terminating-hash">
              {chain.terminating_hash}
            </dd>
            <dt>{t('casino.chain.saltHash')}</dt>
            <dd className="casino-mono">{chain.salt_hash}</dd>
            <dt>{t('casino.chain.salt')}</dt>
            <dd className="casino-mono">{chain.salt}</dd>
          </dl>
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
                <p className="casino-mono">{t('casino.chain.terminatingValue', { hash: row.terminating_hash })}</p>
                <p className="casino-mono">{t('casino.chain.saltHashValue', { hash: row.salt_hash })}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="casino-chain__note">
        {t('casino.chain.howTo')} <Link to="/provably-fair">{t('casino.chain.learnMore')}</Link>
      </p>
    </section>
  );
}
