import { latinDigitsLocale } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/ui';
import { useCrashChains } from '../api/fair-calls';
import '../casino.css';

/**
 * The published Crash chains, for anyone (no account needed): each one's terminating hash and salt
 * commitment were public before its first round (docs/casino-fairness.md, Crash).
 */
export function CrashChainsList() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const chains = useCrashChains();
  const date = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="casino-chain" aria-labelledby={`${id}-title`} data-testid="crash-chains">
      <h2 id={`${id}-title`}>{t('casino.chains.title')}</h2>
      <p className="casino-chain__note">{t('casino.chains.intro')}</p>
      {chains.isPending ? (
        <Loading label={t('casino.loading')} />
      ) : chains.error ? (
        <p role="alert">{chains.error.message}</p>
      ) : chains.data.length === 0 ? (
        <p className="casino-chain__note">{t('casino.chains.empty')}</p>
      ) : (
        <ul className="casino-chain__queued">
          {chains.data.map((chain) => (
            <li key={chain.id}>
              <h3>
                {t('casino.chains.chain', {
                  id: chain.id,
                  status: t(`casino.chains.status.${chain.status}`),
                  played: chain.rounds_played,
                  length: chain.length,
                })}
              </h3>
              <dl>
                <dt>{t('casino.chains.published')}</dt>
                <dd>{date.format(new Date(chain.published_at))}</dd>
                <dt>{t('casino.chain.terminating')}</dt>
                <dd className="casino-mono">{chain.terminating_hash}</dd>
                <dt>{t('casino.chain.saltHash')}</dt>
                <dd className="casino-mono">{chain.salt_hash}</dd>
                <dt>{t('casino.chain.salt')}</dt>
                <dd className="casino-mono">{chain.salt ?? t('casino.chains.saltLater')}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
