import { adminEndpoints as api } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import type { ConsoleActs } from './console-acts';
import type { ConsoleDeps } from './console-deps';
import { registerConsolePlayerMoneyRoutes } from './console-player-money.routes';
import { createConsolePlayers } from './console-players.service';
import { registerConsoleSessionRoutes } from './console-session.routes';
import { actorOf } from './console-support';

/** Login, the players' views and acts, money adjustments and four-eyes (docs/operators.md). */
export function registerConsolePlayerRoutes(app: FastifyInstance, deps: ConsoleDeps, acts: ConsoleActs): void {
  const { operators, usersAdmin } = deps;
  const players = createConsolePlayers(deps);

  registerConsoleSessionRoutes(app, deps);

  registerEndpoint(app, api.adminPlayers, async ({ body }) => ({ data: await players.list(body) }));

  registerEndpoint(app, api.adminPlayer, async ({ body }) => ({ data: await players.detail(body) }));

  registerEndpoint(app, api.adminPlayerLedger, async ({ body }) => ({ data: await players.ledger(body) }));

  registerEndpoint(app, api.adminPlayerBets, async ({ body }) => ({ data: await players.bets(body) }));

  registerEndpoint(app, api.adminPlayerRounds, async ({ body }) => ({ data: await players.rounds(body) }));

  registerEndpoint(app, api.adminPlayerActivity, async ({ body }) => ({ data: await players.activity(body) }));

  registerEndpoint(app, api.adminPlayerIdentity, async ({ body }) => ({ data: await players.identity(body) }));

  registerEndpoint(app, api.adminSetPlayerStatus, async ({ body, request }) => {
    const isDisabled = body.status === 'disabled';
    const { userName, wasDisabled } = await usersAdmin.setDisabled(body.user_name, isDisabled);
    await operators.audit.record(actorOf(request), {
      action: isDisabled ? 'player.disable' : 'player.enable',
      target: `user:${userName}`,
      before: { status: wasDisabled ? 'disabled' : 'active' },
      after: { status: body.status, reason: body.reason ?? null },
    });
    return { data: { user_name: userName, status: body.status } };
  });

  registerEndpoint(app, api.adminForcePasswordChange, async ({ body, request }) => {
    const { userName, before } = await usersAdmin.forcePasswordChange(body.user_name);
    await operators.audit.record(actorOf(request), {
      action: 'player.force_password_change',
      target: `user:${userName}`,
      before: { must_change_password: before },
      after: { must_change_password: true },
    });
    return { data: { user_name: userName, must_change_password: true as const } };
  });

  registerConsolePlayerMoneyRoutes(app, deps, acts, players);
}
