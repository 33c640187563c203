import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BonusService } from '../bonus';
import type { SettlementService } from '../bets';
import type { CasinoAdmin } from '../casino';
import type { OddsFeed } from '../feed';
import type { createMarketsAdmin } from '../markets';
import type { WalletService } from '../money';
import type { OperatorsModule } from '../operators';
import type { PaymentsModule } from '../payments';
import type { RgService } from '../responsible-play';
import type { SettingsService } from '../settings';
import type { ImageStore } from '../uploads';
import type { createUsersAdmin } from '../users';

/** Test-only hooks: a crash in an operator's money act (apps/api/test). */
export interface ConsoleTestHooks {
  /** Runs inside an operator credit's or debit's transaction, after the money moved and before its audit row. */
  afterOperatorMoney?(): Promise<void> | void;
}

/** What the console's routes use: the services the CLI uses too (docs/operators.md). */
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
  testHooks?: ConsoleTestHooks;
  /** The odds feed, for its name and its live stream's health. */
  feed: Pick<OddsFeed, 'name' | 'streamHealth'>;
}
