import type { LiveRoundView } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChainDetails, SaveChains } from '@/components/fair';
import { useTableChains } from '../api/live-table-calls';

/**
 * Where the table's rounds come from (docs/casino-fairness.md, "Round chains"): the chain of the
 * round in play (or the next one, while the table waits for it), published before its first
 * round, and the player's copy of the table's chains to check rounds against later.
 */
export function LiveChainPanel({ table, round }: { table: string; round: LiveRoundView | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const chains = useTableChains(table);
  const next = (chains.data ?? []).filter((row) => row.status === 'queued').at(-1);
  return (
    <section className="lt-section lt-chain" aria-labelledby={`${id}-title`} data-testid="live-chain">
      <h2 id={`${id}-title`}>{t('liveTables.chain.title')}</h2>
      {round?.chain ? (
        <>
          <p>
            {t('liveTables.chain.position', { id: round.chain.id, position: round.chain.position, length: round.chain.length })}
          </p>
          <ChainDetails chain={round.chain} />
        </>
      ) : next ? (
        <>
          <p>{t('liveTables.chain.next', { id: next.id, length: next.length })}</p>
          <ChainDetails chain={next} />
        </>
      ) : (
        <p>{t('liveTables.chain.none')}</p>
      )}
      {chains.data && <SaveChains game={table} chains={chains.data} />}
      <p>
        {t('liveTables.chain.howTo')} <Link to="/provably-fair">{t('liveTables.chain.learnMore')}</Link>
      </p>
    </section>
  );
}
