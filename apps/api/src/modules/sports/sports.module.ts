import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { registerSportsRoutes } from './sports.routes';
import { createSportsService, type SportsService } from './sports.service';

/** The sports catalogue (docs/sports.md): which sports exist and which are active. */
export interface SportsModule {
  sports: SportsService;
  registerRoutes(app: FastifyInstance): void;
}

export function createSportsModule({ db, clock }: { db: Db; clock: Clock }): SportsModule {
  const sports = createSportsService(db, clock);
  return { sports, registerRoutes: (app) => registerSportsRoutes(app, sports) };
}
