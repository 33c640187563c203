import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BonusService } from '../bonus';
import type { SettlementService } from '../bets';
import type { CasinoAdmin } from '../casino';
import type { createMarketsAdmin } from '../markets';
import type { WalletService } from '../money';
import type { OperatorsModule } from '../operators';
import type { PaymentsModule } from '../payments';
import type { RgService } from '../responsible-play';
import type { SettingsService } from '../settings';
import type { ImageStore } from '../uploads';
import type { createUsersAdmin } from '../users';
import { registerConsoleOperationsRoutes } from './console-operations.routes';
import { registerConsolePaymentRoutes } from './console-payments.routes';
import { registerConsolePlayerRoutes } from './console-players.routes';
import { createConsoleActs } from './console-acts';

export interface ConsoleDeps {
  db: Db;
  clock: Clock;
  operators: OperatorsModule;
  wallet: WalletService;
  bonuses: BonusService;
  settings: SettingsService;
  images: ImageStore;
  settlement: SettlementService;
  marketsAdmin: ReturnType<typeof createMarketsAdmin>;
  casinoAdmin: CasinoAdmin;
  payments: Pick<PaymentsModule, 'withdrawals' | 'kyc'>;
  rg: RgService;
  usersAdmin: ReturnType<typeof createUsersAdmin>;
}

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
    },
  };
}
