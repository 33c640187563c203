import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Ledger } from '../ledger/ledger.service';
import { registerCasinoWalletRoutes } from './casino-wallet.routes';
import { createCasinoWallet } from './casino-wallet.service';
import { registerCasinoRoutes } from './casino.routes';
import { type CasinoService, createCasinoService } from './casino.service';

/** The casino: lobby and launch, and the providers' seamless wallet. Answers the service for our own provider. */
export function registerCasino(app: FastifyInstance, db: Db, clock: Clock, ledger: Ledger, config: AppConfig): CasinoService {
  const casino = createCasinoService(db, clock, ledger, config);
  registerCasinoRoutes(app, casino, config.CASINO_ART_DIR);
  registerCasinoWalletRoutes(app, createCasinoWallet(db, clock, ledger));
  return casino;
}
