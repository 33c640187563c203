import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { registerSettingsRoutes } from './settings.routes';
import { createSettingsService, type SettingsService } from './settings.service';

/** The operator's global settings (docs/content.md): read by the site, set by the operator. */
export interface SettingsModule {
  settings: SettingsService;
  registerRoutes(app: FastifyInstance): void;
}

export function createSettingsModule({ db, clock }: { db: Db; clock: Clock }): SettingsModule {
  const settings = createSettingsService(db, clock);
  return { settings, registerRoutes: (app) => registerSettingsRoutes(app, settings) };
}
