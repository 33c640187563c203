import type { CasinoGame } from '@app/shared';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameImageUrl } from '../model/casino-groups';
import { gameDisplayName } from '../model/game-name';
import { TileExtrasContext } from '../model/tile-extras';

export interface GameTileProps {
  game: CasinoGame;
  imageBase: string;
  isFavourite: boolean;
  /** Undefined for a guest: no heart. */
  onToggleFavourite: ((game: CasinoGame) => void) | undefined;
  onOpen: (game: CasinoGame) => void;
  isOpening: boolean;
}

/** One game: its art, name and provider; a heart for a logged-in player. */
export function GameTile({ game, imageBase, isFavourite, onToggleFavourite, onOpen, isOpening }: GameTileProps) {
  const { t } = useTranslation();
  const [hasImage, setHasImage] = useState(true);
  const name = gameDisplayName(t, game);
  const extras = useContext(TileExtrasContext)?.(game);
  return (
    <li className="casino-tile" data-testid={`game-${game.code}`}>
      <button
        type="button"
        className="casino-tile__open"
        onClick={() => onOpen(game)}
        aria-busy={isOpening}
        aria-label={t('casino.tile.play', { name })}
      >
        {hasImage ? (
          <img
            className="casino-tile__art"
            src={gameImageUrl(imageBase, game.image)}
            alt=""
            loading="lazy"
            width={300}
            height={200}
            onError={() => setHasImage(false)}
          />
        ) : (
          <span className="casino-tile__art casino-tile__art--fallback" aria-hidden="true">
            {name.slice(0, 2)}
          </span>
        )}
        <span className="casino-tile__name">{name}</span>
        <span className="casino-tile__provider">{game.provider_name}</span>
        {extras}
      </button>
      {onToggleFavourite && (
        <button
          type="button"
          className={`casino-tile__heart${isFavourite ? ' casino-tile__heart--on' : ''}`}
          aria-pressed={isFavourite}
          aria-label={t(isFavourite ? 'casino.tile.unfavourite' : 'casino.tile.favourite', { name })}
          onClick={() => onToggleFavourite(game)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.2 5.3 3.1 1.7-1.9 3.2-3.1 5.3-3.1 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
          </svg>
        </button>
      )}
    </li>
  );
}
