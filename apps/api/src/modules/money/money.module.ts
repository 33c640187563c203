import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { UserChangeFeed } from '../../db/user-changes';
import type { Clock } from '../../lib/clock';
import { registerBonusRoutes } from '../bonus/bonus.routes';
import { type BonusService, createBonusService } from '../bonus/bonus.service';
import { registerButtonsRoutes } from '../buttons/buttons.routes';
import { type ButtonsService, createButtonsService } from '../buttons/buttons.service';
import { createLedger, type Ledger } from '../ledger/ledger.service';
import { registerWalletRoutes } from '../wallet/wallet.routes';
import { createWalletService, type WalletService } from '../wallet/wallet.service';

/** The money core: one ledger and the services that stand on it. */
export interface WalletModule {
  ledger: Ledger;
  wallet: WalletService;
  bonuses: BonusService;
  buttons: ButtonsService;
  /** The accounts module calls this inside the transaction that creates a user. */
  onUserCreated(db: Db, account: { userId: number; isDemo: boolean }): Promise<void>;
  registerRoutes(app: FastifyInstance): void;
}

/** `userChanges`: balances are kept in memory for the poll, dropped on these notices (none: no copies). */
export function createWalletModule(db: Db, clock: Clock, userChanges?: UserChangeFeed): WalletModule {
  const ledger = createLedger(clock);
  const wallet = createWalletService(db, clock, ledger, userChanges);
  const bonuses = createBonusService(db, clock, ledger, wallet);
  const buttons = createButtonsService(db);
  return {
    ledger,
    wallet,
    bonuses,
    buttons,
    async onUserCreated(trx, account) {
      // Every player gets their accounts at birth; a demo account also its play money.
      if (account.isDemo) await wallet.fundDemoAccount(trx, account.userId);
      else await ledger.openUserAccounts(trx, account.userId);
    },
    registerRoutes(app) {
      registerWalletRoutes(app, wallet, db, clock);
      registerBonusRoutes(app, bonuses, db, clock);
      registerButtonsRoutes(app, buttons);
    },
  };
}
