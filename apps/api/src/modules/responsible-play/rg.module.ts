import type { FastifyInstance } from 'fastify';
import { createRgGuard, type RgGuard } from './rg.guard';
import { registerRgRoutes } from './rg.routes';
import { createRgService, type RgDeps, type RgService } from './rg.service';

/** Responsible play: a player's limits, session controls and pauses, and the checks that hold them. */
export interface RgModule {
  rg: RgService;
  /** The checks the money module, the casino, payments and the accounts module run. */
  guard: RgGuard;
  registerRoutes(app: FastifyInstance): void;
}

export function createRgModule(deps: RgDeps): RgModule {
  const rg = createRgService(deps);
  const guard = createRgGuard(deps.clock, deps.deposits);
  return { rg, guard, registerRoutes: (app) => registerRgRoutes(app, rg) };
}
