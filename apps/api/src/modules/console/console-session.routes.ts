import { adminEndpoints as api } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import { permissionsOf } from '../operators';
import type { ConsoleDeps } from './console-deps';
import { actorOf } from './console-support';

/** An operator's login, logout and who they are (docs/operators.md). */
export function registerConsoleSessionRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const { operators } = deps;
  const service = operators.operators;

  registerEndpoint(app, api.adminLogin, async ({ body, request }) => {
    // Every refused check is audited (docs/operators.md, "The audit log"); a name no operator has
    // is recorded under the system operator, with the name as it was typed.
    const session = await service.login({ ...body, ip: request.ip }, async (failure) => {
      const actor =
        failure.operatorId === null
          ? { ...(await service.actorForCli(undefined)), ip: request.ip }
          : { operatorId: failure.operatorId, name: failure.name, role: 'support' as const, ip: request.ip };
      await operators.audit.record(actor, {
        action: 'operator.login_failed',
        target: `operator:${failure.name.slice(0, 40)}`,
        after: { reason: failure.reason },
      });
    });
    const actor = { operatorId: session.operatorId, name: session.name, role: session.role, ip: request.ip };
    await operators.audit.record(actor, { action: 'operator.login', target: `operator:${session.name}` });
    return {
      data: {
        token: session.token,
        role: session.role,
        user_name: session.name,
        permissions: permissionsOf(session.role),
        idle_minutes: service.idleMinutes,
      },
    };
  });

  registerEndpoint(app, api.adminLogout, async ({ request }) => {
    await service.logout(request.operator.sessionId);
    await operators.audit.record(actorOf(request), { action: 'operator.logout', target: `operator:${request.operator.name}` });
    return { data: {} };
  });

  registerEndpoint(app, api.adminMe, ({ request }) => ({
    data: {
      user_name: request.operator.name,
      role: request.operator.role,
      permissions: permissionsOf(request.operator.role),
      idle_minutes: service.idleMinutes,
    },
  }));
}
