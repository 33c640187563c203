import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import type { CrashService } from './crash.service';
import type { FairGamesService } from './fair-games.service';
import type { RoundChains } from './round-chain.service';

/** Our provider's game API: the game page calls it with its launch token (never the site's session). */
export function registerFairGamesRoutes(
  app: FastifyInstance,
  games: FairGamesService,
  crash: CrashService,
  chains: RoundChains,
): void {
  registerEndpoint(app, endpoints.fairState, async ({ body }) => ({ data: await games.state(body.token, body.game_code) }));
  registerEndpoint(app, endpoints.fairPlay, async ({ body }) => ({
    data: await games.play(body.token, body.game_code, body.stake, body.params),
  }));
  registerEndpoint(app, endpoints.fairSetClientSeed, async ({ body }) => {
    const data = await games.setClientSeed(body.token, body.client_seed);
    return {
      data,
      message: data.revealed
        ? 'Client seed set; the committed next server seed is in play and the old one is revealed'
        : 'Client seed set; the server seed stays',
    };
  });
  registerEndpoint(app, endpoints.fairRotateSeed, async ({ body }) => ({
    data: await games.rotateSeed(body.token, body.client_seed),
    message: 'Seed pair rotated; the old server seed is revealed',
  }));
  registerEndpoint(app, endpoints.fairRound, async ({ body }) => ({ data: await games.round(body.round_uuid) }));
  registerEndpoint(app, endpoints.fairCrashState, async ({ body }) => ({ data: await crash.state(body.token) }));
  registerEndpoint(app, endpoints.fairCrashBet, async ({ body }) => ({
    data: await crash.bet(body.token, body.stake, body.auto_cashout),
    message: 'Bet placed',
  }));
  registerEndpoint(app, endpoints.fairCrashCashout, async ({ body }) => ({
    data: await crash.cashout(body.token, body.at === undefined ? undefined : Math.round(body.at * 100)),
    message: 'Cashed out',
  }));
  registerEndpoint(app, endpoints.fairCrashRound, async ({ body }) => ({ data: await crash.round(body.round_number) }));
  registerEndpoint(app, endpoints.fairCrashChains, async () => ({ data: { chains: await crash.chains() } }));
  registerEndpoint(app, endpoints.fairRoundChains, async ({ body }) => ({ data: { chains: await chains.list(body.game) } }));
}
