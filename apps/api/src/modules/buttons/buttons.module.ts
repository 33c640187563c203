import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { registerButtonsRoutes } from './buttons.routes';
import { type ButtonsService, createButtonsService } from './buttons.service';

/** The player's quick-stake buttons (docs/wallet.md, "Stake buttons"). */
export interface ButtonsModule {
  buttons: ButtonsService;
  registerRoutes(app: FastifyInstance): void;
}

export function createButtonsModule({ db }: { db: Db }): ButtonsModule {
  const buttons = createButtonsService(db);
  return { buttons, registerRoutes: (app) => registerButtonsRoutes(app, buttons) };
}
