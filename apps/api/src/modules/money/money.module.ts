import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/unit-of-work';
import type { UserChangeFeed } from '../../db/user-changes';
import type { Clock } from '../../lib/clock';
import { createLedger } from '../ledger';
import { pushBalances } from './balance-push';
import { createMoney, type Money, type MoneyRules } from './money.service';
import { createStatementReader, type StatementReader } from './statement.service';
import { registerWalletRoutes } from './wallet.routes';
import { createWalletService, type WalletService } from './wallet.service';

/** The money module: the ledger behind its verbs, the balance answers and the account statement. */
export interface MoneyModule {
  money: Money;
  wallet: WalletService;
  statement: StatementReader;
  /** The accounts module calls this inside the transaction that creates a user. */
  onUserCreated(tx: Tx, account: { userId: number; isDemo: boolean }): Promise<void>;
  /** Adds rules every stake, bonus grant and result passes (responsible play adds its own). */
  useRules(rules: MoneyRules): void;
  registerRoutes(app: FastifyInstance): void;
}

export interface MoneyModuleDeps {
  db: Db;
  clock: Clock;
  /** Balances are kept in memory for the poll, dropped on these notices (none: no copies). */
  userChanges?: UserChangeFeed;
  /** Rules every stake, bonus grant and result passes from the start (docs/wallet.md, "Money"). */
  rules?: readonly MoneyRules[];
}

export function createMoneyModule({ db, clock, userChanges, rules = [] }: MoneyModuleDeps): MoneyModule {
  const inForce: MoneyRules[] = [...rules];
  const money = createMoney(clock, createLedger(clock), inForce);
  const wallet = createWalletService(db, clock, money, userChanges);
  const statement = createStatementReader(db, clock);
  return {
    money,
    wallet,
    statement,
    onUserCreated: (tx, account) => money.setUpPlayer(tx, account),
    useRules: (added) => void inForce.push(added),
    registerRoutes(app) {
      registerWalletRoutes(app, wallet, statement);
      pushBalances(app.bus, wallet, app.log);
    },
  };
}
