import { LIVE_TABLE_CODES } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainDetails } from '@/components/fair';
import { Loading } from '@/components/ui';
import { useRoundChains } from '../api/fair-calls';
import { ownGameName } from '../model/game-name';
import '../casino.css';

const SHARED_ROUND_GAMES = ['crash', ...LIVE_TABLE_CODES] as const;

/** One game's published chains, newest first. */
function GameChains({ game }: { game: string }) {
  const { t } = useTranslation();
  const id = useId();
  const chains = useRoundChains(game);
  return (
    <section
      className="casino-chain"
      aria-labelledby={`${id}-title`}
      data-testid={game === 'crash' ? 'crash-chains' : `chains-${game}`}
    >
      <h3 id={`${id}-title`}>{ownGameName(t, game, game)}</h3>
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
              <h4>
                {t('casino.chains.chain', {
                  id: chain.id,
                  status: t(`casino.chains.status.${chain.status}`),
                  played: chain.rounds_played,
                  length: chain.length,
                })}
              </h4>
              <ChainDetails chain={chain} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The published round chains of Crash and the live tables, for anyone (no account needed): each
 * one's terminating hash, start and salt source were public before its first round
 * (docs/casino-fairness.md, "Round chains").
 */
export function CrashChainsList() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="casino-chains" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('casino.chains.title')}</h2>
      <p className="casino-chain__note">{t('casino.chains.intro')}</p>
      {SHARED_ROUND_GAMES.map((game) => (
        <GameChains key={game} game={game} />
      ))}
    </section>
  );
}
