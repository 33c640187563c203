import type { CasinoGame } from '@app/shared';
import { createContext, type ReactNode } from 'react';

/**
 * What the app adds to a game's tile below its name (a live table's LIVE badge, time left and
 * stakes: the live-tables feature's, composed in app/layouts): the casino feature does not know
 * other features, so the app hands it in.
 */
export const TileExtrasContext = createContext<((game: CasinoGame) => ReactNode) | null>(null);
