import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { endpoints } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../plugins/contract';
import { currentUserId } from '../../plugins/auth';
import type { CasinoService } from './casino.service';
import { gameArtAvif } from './game-art';

const ART_FILE = /^([A-Za-z0-9_.:-]{1,60})\.avif$/;
const ART_CACHE = 'public, max-age=86400';

/** The caller and the site session a game is launched from: the game's token ends with that session. */
function playerOf(request: FastifyRequest) {
  return { userId: currentUserId(request), sessionId: request.user.sessionId };
}

export function registerCasinoRoutes(app: FastifyInstance, casino: CasinoService, artDir: string): void {
  registerEndpoint(app, endpoints.getProvidersList, async () => ({ data: await casino.providersList() }));
  registerEndpoint(app, endpoints.casinoLobby, async () => ({ data: await casino.lobby() }));
  registerEndpoint(app, endpoints.casinoGameList, async ({ body }) => ({ data: await casino.gameList(body) }));
  registerEndpoint(app, endpoints.casinoRecent, async ({ request }) => ({ data: await casino.recent(currentUserId(request)) }));
  registerEndpoint(app, endpoints.casinoFavourites, async ({ request }) => ({
    data: await casino.favourites(currentUserId(request)),
  }));
  registerEndpoint(app, endpoints.casinoSetFavourite, async ({ body, request }) => {
    await casino.setFavourite(currentUserId(request), body.game_code, body.is_favourite);
    return {
      data: { game_code: body.game_code, is_favourite: body.is_favourite },
      message: body.is_favourite ? 'Added to favourites' : 'Removed from favourites',
    };
  });
  registerEndpoint(app, endpoints.launchGame, async ({ body, request }) => ({
    data: { url: await casino.launchGame(playerOf(request), body.game_code, body.lang ?? 'en') },
  }));
  registerEndpoint(app, endpoints.gapLogin, async ({ request }) => ({
    data: { url: await casino.launchSportsbook(playerOf(request), 'en') },
  }));
  registerEndpoint(app, endpoints.casinoResult, async ({ body, request }) => ({
    data: await casino.casinoResult(currentUserId(request), body),
  }));

  /**
   * Game art by name with the avif extension (spec: "by name with the avif extension"): the
   * operator's AVIF from CASINO_ART_DIR when there is one, else the game's generated tile, encoded
   * as AVIF.
   */
  app.get<{ Params: { file: string } }>('/api/casino/art/:file', async (request, reply) => {
    const match = ART_FILE.exec(request.params.file);
    if (!match?.[1]) throw new AppError('NOT_FOUND', 'No such image');
    const code = match[1];
    const file = path.join(artDir, `${code}.avif`);
    if (existsSync(file)) {
      return reply
        .header('cache-control', ART_CACHE)
        .type('image/avif')
        .send(await readFile(file));
    }
    const game = await casino.findGame(code);
    if (!game) throw new AppError('NOT_FOUND', 'No such image');
    return reply
      .header('cache-control', ART_CACHE)
      .type('image/avif')
      .send(await gameArtAvif(game.code, game.name));
  });
}
