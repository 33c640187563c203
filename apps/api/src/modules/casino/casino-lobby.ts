import { type CasinoGame, type CasinoLobby, type CasinoProvider, CASINO_CATEGORIES } from '@app/shared';
import { AppError } from '../../lib/app-error';
import * as repo from './casino.repository';
import type { GameCategory } from './casino.table';
import { type CasinoDeps, toGame } from './casino-support';

const LOBBY_ROW_SIZE = 12;
const RECENT_LIMIT = 30;
const POPULAR_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** What a player browses: the providers, the lobby's rows, the game lists, their recent games and favourites. */
export function createCasinoLobby({ db, clock, config }: CasinoDeps) {
  /** Games in the order of `codes` (those that still exist and are enabled). */
  async function gamesByCodes(codes: string[]): Promise<CasinoGame[]> {
    const rows = await repo.listGames(db, { codes });
    const byCode = new Map(rows.map((row) => [row.code, toGame(row)]));
    return codes.flatMap((code) => byCode.get(code) ?? []);
  }

  return {
    async providersList(): Promise<CasinoProvider[]> {
      const rows = await repo.listProvidersWithCounts(db);
      return rows.map((row) => ({
        provider_id: Number(row.id),
        name: row.name,
        code: row.code,
        game_count: Number(row.game_count),
      }));
    },

    async lobby(): Promise<CasinoLobby> {
      const counts = await repo.countGamesByCategory(db);
      const popularCodes = await repo.popularGameCodes(db, clock.now() - POPULAR_WINDOW_MS, LOBBY_ROW_SIZE);
      const popular = await gamesByCodes(popularCodes);
      // A fresh install has no rounds yet: fill the row with the catalogue's first games.
      if (popular.length < LOBBY_ROW_SIZE) {
        const more = await repo.listGames(db, { limit: LOBBY_ROW_SIZE });
        for (const row of more)
          if (popular.length < LOBBY_ROW_SIZE && !popular.some((g) => g.code === row.code)) popular.push(toGame(row));
      }
      return {
        image_base: config.CASINO_IMAGE_BASE,
        indian_casino_provider: config.INDIAN_CASINO_PROVIDER,
        has_external_sportsbook: config.EXTERNAL_SPORTSBOOK_PROVIDER !== undefined,
        categories: CASINO_CATEGORIES.map((category) => ({
          category,
          game_count: Number(counts.find((row) => row.category === category)?.game_count ?? 0),
        })),
        popular,
        newest: (await repo.listGames(db, { limit: LOBBY_ROW_SIZE, newestFirst: true })).map(toGame),
      };
    },

    async gameList(filter: { category?: GameCategory | undefined; provider?: string | undefined; search?: string | undefined }) {
      const rows = await repo.listGames(db, {
        category: filter.category,
        providerCode: filter.provider,
        search: filter.search || undefined,
      });
      return rows.map(toGame);
    },

    async findGame(code: string): Promise<CasinoGame | undefined> {
      const [row] = await repo.listGames(db, { codes: [code] });
      return row ? toGame(row) : undefined;
    },

    recent: async (userId: number) => gamesByCodes(await repo.recentGameCodes(db, userId, RECENT_LIMIT)),
    favourites: async (userId: number) => gamesByCodes(await repo.favouriteGameCodes(db, userId)),

    async setFavourite(userId: number, gameCode: string, isFavourite: boolean) {
      const game = await repo.findGameOwner(db, gameCode);
      if (!game) throw new AppError('NOT_FOUND', 'No game has that code');
      await repo.setFavourite(db, userId, Number(game.id), isFavourite, clock.now());
    },
  };
}
