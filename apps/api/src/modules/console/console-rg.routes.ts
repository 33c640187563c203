import { adminEndpoints as api, rupeesToPaise } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import type { ConsoleDeps } from './console-deps';
import type { ConsolePlayers } from './console-players.service';
import { actorOf } from './console-support';

/** Responsible play: view and tighten only, the service refuses any loosening (docs/operators.md). */
export function registerConsoleRgRoutes(app: FastifyInstance, deps: ConsoleDeps, players: ConsolePlayers): void {
  const { operators, rg } = deps;
  const playerId = async (userName: string) => Number((await players.find(userName)).id);

  registerEndpoint(app, api.adminRgState, async ({ body }) => ({ data: await rg.state(await playerId(body.user_name)) }));

  registerEndpoint(app, api.adminRgTighten, async ({ body, request }) => {
    const actor = actorOf(request);
    const userId = await playerId(body.user_name);
    const before = (await rg.state(userId)).limits.find((row) => row.kind === body.kind && row.period === body.period);
    const state = await rg.setLimit(userId, body.kind, body.period, rupeesToPaise(body.amount), {
      kind: 'operator',
      name: actor.name,
    });
    const after = state.limits.find((row) => row.kind === body.kind && row.period === body.period);
    await operators.audit.record(actor, {
      action: 'rg.limit',
      target: `user:${body.user_name}`,
      before: { kind: body.kind, period: body.period, amount: before?.amount ?? null },
      after: { kind: body.kind, period: body.period, amount: after?.amount ?? null, reason: body.reason },
    });
    return { data: state, message: 'Limit set' };
  });

  registerEndpoint(app, api.adminRgPause, async ({ body, request }) => {
    const actor = actorOf(request);
    const userId = await playerId(body.user_name);
    const before = (await rg.state(userId)).pause;
    const state = await rg.pause(userId, body.kind, body.duration, { kind: 'operator', name: actor.name });
    await operators.audit.record(actor, {
      action: `rg.${body.kind}`,
      target: `user:${body.user_name}`,
      before: { pause: before },
      after: { pause: state.pause, duration: body.duration, reason: body.reason },
    });
    return { data: state, message: 'Pause started' };
  });
}
