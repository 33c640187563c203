import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/database';
import type { StreamHealth } from '../feed';
import { registerOperationsRoutes } from './operations.routes';
import { createReadiness, type Readiness } from './readiness.service';

/** Health, readiness and the API's description (docs/deploy.md). */
export interface OperationsModule {
  readiness: Readiness;
  registerRoutes(app: FastifyInstance): void;
}

export function createOperationsModule(deps: {
  database: DatabaseHandle;
  redis?: Redis;
  logger: FastifyBaseLogger;
  /** The live feed's stream on this instance, when the feed has one. */
  streamHealth?: () => StreamHealth | undefined;
}): OperationsModule {
  const readiness = createReadiness(deps.database, deps.redis, deps.logger, deps.streamHealth);
  return {
    readiness,
    registerRoutes(app) {
      // The proxy stops sending new requests once ready answers 503; those in flight finish.
      app.addHook('preClose', async () => readiness.markShuttingDown());
      registerOperationsRoutes(app, readiness);
    },
  };
}
