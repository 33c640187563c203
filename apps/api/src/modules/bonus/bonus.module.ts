import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import { registerBonusRoutes } from './bonus.routes';
import { type BonusService, createBonusService } from './bonus.service';

/** Bonus wallets: grants, turnover releases and expiry, moved through the money module. */
export interface BonusModule {
  bonuses: BonusService;
  registerRoutes(app: FastifyInstance): void;
}

export function createBonusModule({ db, clock, money }: { db: Db; clock: Clock; money: Money }): BonusModule {
  const bonuses = createBonusService(db, clock, money);
  return { bonuses, registerRoutes: (app) => registerBonusRoutes(app, bonuses, db, clock) };
}
