import { AppError } from '../../lib/app-error';
import { newToken, sha256Hex } from '../../lib/ids';
import * as repo from './casino.repository';
import { CASINO_CURRENCY, type CasinoDeps, type Player, SPORTSBOOK_GAME_ID } from './casino-support';
import { fillLaunchTemplate } from './provider-keys';

/** A game's or the external sportsbook's launch: a game session tied to the player's site session. */
export function createCasinoLaunch({ db, clock, config, playGuard }: CasinoDeps) {
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
