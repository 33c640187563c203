import type { CasinoGame } from '@app/shared';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import type * as repo from './casino.repository';

export const CASINO_CURRENCY = 'INR';
/** The external sportsbook's game id in the gap/gaplogin body (docs/product.md §7). */
export const SPORTSBOOK_GAME_ID = '550000';

/** Our own provider of provably fair games (modules/fair-games), registered like any other. */
export const OWN_PROVIDER_CODE = 'originals';

/** What the casino service's parts are given: createCasinoService's arguments. */
export interface CasinoDeps {
  db: Db;
  clock: Clock;
  money: Money;
  config: AppConfig;
  playGuard?: PlayGuard | undefined;
}

export type GameRow = Awaited<ReturnType<typeof repo.listGames>>[number];

export function toGame(row: GameRow): CasinoGame {
  return {
    game_id: Number(row.id),
    code: row.code,
    name: row.name,
    category: row.category,
    provider_code: row.provider_code,
    provider_name: row.provider_name,
    image: `${row.code}.avif`,
  };
}

/** Who launches a game: the player and the site session it is launched from. */
export interface Player {
  userId: number;
  /**
   * The game session ends with this site session (docs/casino.md, "Launching"). Null only for
   * the platform's own tools that launch without one (the benchmarks): then its own expiry alone.
   */
  sessionId: number | null;
}

/** Refuses a launch the player may not make now (a time-out or self-exclusion: docs/responsible-play.md). */
export type PlayGuard = (db: Db, userId: number) => Promise<void>;
