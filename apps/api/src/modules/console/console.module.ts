import type { FastifyInstance } from 'fastify';
import { registerConsoleFeedRoutes } from './console-feed.routes';
import { registerConsoleOperationsRoutes } from './console-operations.routes';
import { registerConsolePaymentRoutes } from './console-payments.routes';
import { registerConsolePlayerRoutes } from './console-players.routes';
import { createConsoleActs } from './console-acts';
import type { ConsoleDeps } from './console-deps';

export type { ConsoleDeps } from './console-deps';

/**
 * The operator console's API (docs/operators.md): every `admin/*` endpoint of the contract. It
 * adds no rule of its own: each act goes through the service the CLI uses, and is audited.
 */
export function createConsoleModule(deps: ConsoleDeps) {
  const acts = createConsoleActs(deps);
  return {
    registerRoutes(app: FastifyInstance) {
      registerConsolePlayerRoutes(app, deps, acts);
      registerConsoleOperationsRoutes(app, deps);
      registerConsolePaymentRoutes(app, deps, acts);
      registerConsoleFeedRoutes(app, deps);
    },
  };
}
