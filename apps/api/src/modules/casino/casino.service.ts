import {
  type CasinoGame,
  type CasinoLobby,
  type CasinoProvider,
  type CasinoResultRow,
  CASINO_CATEGORIES,
  type ReportQuery,
  paiseToRupees,
} from '@app/shared';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/ids';
import { type Money, pagingOf, resolveReportQuery } from '../money';
import * as repo from './casino.repository';
import { GAME_CATEGORIES, type GameCategory } from './casino.table';
import { fillLaunchTemplate, parseLaunchTemplate, parseProviderPublicKey } from './provider-keys';

export const CASINO_CURRENCY = 'INR';
/** The external sportsbook's game id in the gap/gaplogin body (docs/product.md §7). */
export const SPORTSBOOK_GAME_ID = '550000';
const LOBBY_ROW_SIZE = 12;
const RECENT_LIMIT = 30;
const POPULAR_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
const PROVIDER_CODE = /^[a-z0-9_-]{1,40}$/;
const GAME_CODE = /^[A-Za-z0-9_.:-]{1,60}$/;

export interface ProviderInput {
  code: string;
  name: string;
  publicKeyPem: string;
  launchUrl: string;
}

export interface GameInput {
  providerCode: string;
  code: string;
  name: string;
  category: string;
}

type GameRow = Awaited<ReturnType<typeof repo.listGames>>[number];

function toGame(row: GameRow): CasinoGame {
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

function checkName(name: string, label: string): string {
  const text = name.trim();
  // eslint-disable-next-line no-control-regex
  if (text.length < 1 || text.length > 80 || /[\u0000-\u001f<>]/.test(text)) {
    throw new AppError('BAD_REQUEST', `${label} must be 1 to 80 characters without < or >`);
  }
  return text;
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

export function createCasinoService(db: Db, clock: Clock, money: Money, config: AppConfig, playGuard?: PlayGuard) {
  /** Games in the order of `codes` (those that still exist and are enabled). */
  async function gamesByCodes(codes: string[]): Promise<CasinoGame[]> {
    const rows = await repo.listGames(db, { codes });
    const byCode = new Map(rows.map((row) => [row.code, toGame(row)]));
    return codes.flatMap((code) => byCode.get(code) ?? []);
  }

  /** A game's token, tied to the site session that launched it (docs/casino.md, "Launching"). */
  async function startGameSession(player: Player, providerId: number, gameId: number | null): Promise<string> {
    const token = newToken();
    const now = clock.now();
    await repo.insertGameSession(db, {
      token_hash: sha256Hex(token),
      user_id: player.userId,
      provider_id: providerId,
      game_id: gameId,
      session_id: player.sessionId,
      currency: CASINO_CURRENCY,
      created_at: now,
      expires_at: now + config.CASINO_SESSION_MINUTES * 60_000,
    });
    return token;
  }

  return {
    /** Registers a provider or replaces its name, key and launch template; opens its ledger accounts. */
    async registerProvider(input: ProviderInput): Promise<{ id: number; isNew: boolean }> {
      if (!PROVIDER_CODE.test(input.code))
        throw new AppError('BAD_REQUEST', 'The provider code must be 1 to 40 of a-z, 0-9, _ and -');
      const values = {
        name: checkName(input.name, 'The provider name'),
        public_key: parseProviderPublicKey(input.publicKeyPem),
        launch_url: parseLaunchTemplate(input.launchUrl),
      };
      // Outside any transaction, as the ledger asks: both books, so demo players can play too.
      await money.openProviderAccounts(db, input.code);
      const existing = await repo.findProviderByCode(db, input.code);
      if (existing) {
        await repo.updateProvider(db, existing.id, values);
        return { id: existing.id, isNew: false };
      }
      try {
        return { id: await repo.insertProvider(db, { code: input.code, ...values, created_at: clock.now() }), isNew: true };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', `Provider ${input.code} was added at the same time`);
        throw error;
      }
    },

    async addGame(input: GameInput): Promise<void> {
      if (!GAME_CODE.test(input.code))
        throw new AppError('BAD_REQUEST', 'The game code must be 1 to 60 of A-Z, a-z, 0-9, _ . : and -');
      if (!(GAME_CATEGORIES as readonly string[]).includes(input.category)) {
        throw new AppError('BAD_REQUEST', `The category must be one of ${GAME_CATEGORIES.join(', ')}`);
      }
      const provider = await repo.findProviderByCode(db, input.providerCode);
      if (!provider) throw new AppError('NOT_FOUND', `No provider has the code ${input.providerCode}`);
      const owner = await repo.findGameOwner(db, input.code);
      if (owner && Number(owner.provider_id) !== provider.id) {
        throw new AppError('CONFLICT', `Game code ${input.code} belongs to another provider`);
      }
      await repo.upsertGame(db, {
        provider_id: provider.id,
        code: input.code,
        name: checkName(input.name, 'The game name'),
        category: input.category as GameCategory,
        created_at: clock.now(),
      });
    },

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

    async launchGame(player: Player, gameCode: string, lang: string): Promise<string> {
      await playGuard?.(db, player.userId);
      const [game] = await repo.listGames(db, { codes: [gameCode] });
      const owner = game ? await repo.findGameOwner(db, gameCode) : undefined;
      if (!game || !owner) throw new AppError('NOT_FOUND', 'This game is not available');
      const provider = await repo.findProviderById(db, Number(owner.provider_id));
      if (!provider) throw new AppError('NOT_FOUND', 'This game is not available');
      const token = await startGameSession(player, provider.id, Number(owner.id));
      return fillLaunchTemplate(provider.launch_url, { gameCode, token, lang });
    },

    /** gap/gaplogin: the configured sportsbook provider's launch address, on an allowlisted https host only. */
    async launchSportsbook(player: Player, lang: string): Promise<string> {
      await playGuard?.(db, player.userId);
      const code = config.EXTERNAL_SPORTSBOOK_PROVIDER;
      if (!code) throw new AppError('REFUSED', 'The external sportsbook is not available on this site');
      const provider = await repo.findProviderByCode(db, code);
      if (!provider) throw new AppError('REFUSED', 'The external sportsbook is not available on this site');
      const token = await startGameSession(player, provider.id, null);
      const url = fillLaunchTemplate(provider.launch_url, { gameCode: SPORTSBOOK_GAME_ID, token, lang });
      const host = allowedHttpsHost(url);
      if (!host || !config.SPORTSBOOK_ALLOWED_HOSTS.includes(host)) {
        throw new AppError('REFUSED', 'The sportsbook address is not on the allowed list');
      }
      return url;
    },

    async casinoResult(userId: number, query: ReportQuery) {
      const resolved = resolveReportQuery(query, clock.now());
      const window = { startMs: resolved.startMs, endMs: resolved.endMs };
      const total = await repo.totalCasinoRounds(db, userId, window);
      const rows = await repo.pageCasinoRounds(db, userId, window, resolved.offset, resolved.limit);
      const ownCode = OWN_PROVIDER_CODE;
      return {
        ...pagingOf(resolved, total.rows),
        rows: rows.map((row): CasinoResultRow => ({
          id: Number(row.id),
          date: new Date(Number(row.created_at)).toISOString(),
          game_code: row.game_code,
          game_name: row.game_name ?? row.game_code,
          provider_code: row.provider_code,
          provider_name: row.provider_name,
          round: row.round,
          stake: paiseToRupees(Number(row.stake)),
          win: paiseToRupees(Number(row.win)),
          is_verifiable: row.provider_code === ownCode,
        })),
        totals: { stake: paiseToRupees(total.stake), win: paiseToRupees(total.win) },
      };
    },
  };
}

function allowedHttpsHost(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.hostname : '';
  } catch {
    return '';
  }
}

/** Our own provider of provably fair games (modules/fair-games), registered like any other. */
export const OWN_PROVIDER_CODE = 'originals';

export type CasinoService = ReturnType<typeof createCasinoService>;
