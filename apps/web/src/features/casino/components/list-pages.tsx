import type { CasinoCategory } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { useFavourites, useGameList, useProviders, useRecentGames } from '../api/casino-calls';
import { GROUP_TITLES } from '../model/casino-groups';
import { GameGrid } from './game-grid';
import '../casino.css';

interface LobbyProps {
  onLoginRequired: () => void;
}

/** A category's games: /home/group/all-game-list/…, brino-game-list/…, indian-game-list/SN. */
export function CasinoGroupPage({ category, onLoginRequired }: LobbyProps & { category: CasinoCategory }) {
  const { t } = useTranslation();
  const games = useGameList({ category });
  return (
    <section className="casino-section casino-page">
      <h1>{t(GROUP_TITLES[category])}</h1>
      <GameGrid
        games={games.data}
        isLoading={games.isPending}
        emptyText={t('casino.emptyGroup')}
        label={t(GROUP_TITLES[category])}
        onLoginRequired={onLoginRequired}
      />
    </section>
  );
}

/** /home/group/list: the providers, each opening its games. */
export function CasinoProvidersPage({ onLoginRequired }: LobbyProps) {
  const { t } = useTranslation();
  const providers = useProviders();
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const games = useGameList({ provider: selected ?? '' }, selected !== undefined);
  return (
    <section className="casino-section casino-page">
      <h1>{t('casino.groups.providers')}</h1>
      <ul className="casino-providers">
        {(providers.data ?? []).map((provider) => (
          <li key={provider.provider_id}>
            <button
              type="button"
              className="casino-provider"
              aria-pressed={selected === provider.code}
              onClick={() => setSelected(provider.code)}
            >
              <strong>{provider.name}</strong>
              <span>{t('casino.gameCount', { count: provider.game_count })}</span>
            </button>
          </li>
        ))}
      </ul>
      {selected && (
        <GameGrid
          games={games.data}
          isLoading={games.isPending}
          emptyText={t('casino.emptyGroup')}
          label={selected}
          onLoginRequired={onLoginRequired}
        />
      )}
    </section>
  );
}

/** /home/recent and /home/favourites (logged in only; the route guards). */
export function CasinoMyGamesPage({ kind, onLoginRequired }: LobbyProps & { kind: 'recent' | 'favourites' }) {
  const { t } = useTranslation();
  const session = useSession();
  const recent = useRecentGames(kind === 'recent' && Boolean(session));
  const favourites = useFavourites(kind === 'favourites' && Boolean(session));
  const query = kind === 'recent' ? recent : favourites;
  return (
    <section className="casino-section casino-page">
      <h1>{t(`casino.${kind}.title`)}</h1>
      <GameGrid
        games={query.data}
        isLoading={query.isPending}
        emptyText={t(`casino.${kind}.empty`)}
        label={t(`casino.${kind}.title`)}
        onLoginRequired={onLoginRequired}
      />
    </section>
  );
}
