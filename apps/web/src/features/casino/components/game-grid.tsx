import type { CasinoGame } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui';
import { useSession } from '@/lib/session';
import { useFavourites, useLobby, useSetFavourite } from '../api/casino-calls';
import { useGameLauncher } from '../model/use-game-launcher';
import { GameTile } from './game-tile';

export interface GameGridProps {
  games: CasinoGame[] | undefined;
  isLoading: boolean;
  emptyText: string;
  label: string;
  onLoginRequired: () => void;
}

/** Tiles held in place while the games load: two rows on a phone. */
const PLACEHOLDER_TILES = 4;

/**
 * While loading, empty tiles of the real tiles' size, so the games arrive without moving what is
 * around them (layout shift budget, docs/shell.md "Speed").
 */
function LoadingTiles({ label }: { label: string }) {
  return (
    <>
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <ul className="casino-grid" aria-hidden="true" data-testid="casino-grid-loading">
        {Array.from({ length: PLACEHOLDER_TILES }, (_, index) => (
          <li key={index} className="casino-tile casino-tile--placeholder">
            <span className="casino-tile__open">
              <span className="casino-tile__art" />
              <span className="casino-tile__name">&nbsp;</span>
              <span className="casino-tile__provider">&nbsp;</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A grid of game tiles, with favourites marked and the launch on click. */
export function GameGrid({ games, isLoading, emptyText, label, onLoginRequired }: GameGridProps) {
  const { t } = useTranslation();
  const session = useSession();
  const lobby = useLobby();
  const favourites = useFavourites(Boolean(session));
  const setFavourite = useSetFavourite();
  const launcher = useGameLauncher(onLoginRequired);
  const favouriteCodes = new Set((favourites.data ?? []).map((game) => game.code));
  if (isLoading) return <LoadingTiles label={t('casino.loading')} />;
  if (!games || games.length === 0) return <p className="casino-empty">{emptyText}</p>;
  return (
    <ul className="casino-grid" aria-label={label}>
      {games.map((game) => (
        <GameTile
          key={game.code}
          game={game}
          imageBase={lobby.data?.image_base ?? '/api/casino/art'}
          isFavourite={favouriteCodes.has(game.code)}
          isOpening={launcher.pendingCode === game.code}
          onOpen={(item) => launcher.open(item.code)}
          onToggleFavourite={
            session
              ? (item) =>
                  setFavourite.mutate(
                    { game_code: item.code, is_favourite: !favouriteCodes.has(item.code) },
                    { onSuccess: ({ message }) => toast.success(message), onError: (error) => toast.error(error.message) },
                  )
              : undefined
          }
        />
      ))}
    </ul>
  );
}
