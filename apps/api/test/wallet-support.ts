import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config/env';
import type { DatabaseHandle, Db } from '../src/db/database';
import { insertUser } from '../src/modules/users/users.repository';
import { CUSTOMER_USER_TYPE, createUser, userNameKey } from '../src/modules/users/users.service';
import { type BonusService, createBonusModule } from '../src/modules/bonus';
import { createLedger, type Ledger } from '../src/modules/ledger';
import { createMoneyModule, type Money, type MoneyRules, type StatementReader, type WalletService } from '../src/modules/money';
import { prepareDatabase } from '../src/startup';
import { moneyTransaction, type Tx } from '../src/db/unit-of-work';
import { ref } from './support/refs';
import { type AccountsTestApp, createAccountsTestApp, type ManualClock, manualClock } from './accounts-support';
import { createTestDatabase, type TestAppOptions } from './test-app';

/**
 * The money services on one database, as the app wires them. `ledger` is a ledger of its own for
 * the tests that exercise the ledger and the unit of work directly: product code reaches the
 * ledger only through the money verbs.
 */
export interface MoneyServices {
  money: Money;
  wallet: WalletService;
  bonuses: BonusService;
  statement: StatementReader;
  ledger: Ledger;
}

export function moneyServices(
  db: Db,
  clock: ManualClock | { now(): number },
  options: { rules?: MoneyRules[] } = {},
): MoneyServices {
  const { money, wallet, statement } = createMoneyModule({ db, clock, rules: options.rules });
  const { bonuses } = createBonusModule({ db, clock, money });
  return { money, wallet, bonuses, statement, ledger: createLedger(clock) };
}

/** Sets a player's hold on a market as a bet would (the money module's stake verb). */
export function setHold(money: Money, tx: Tx, hold: { userId: number; marketKey: string; exposure: number; cause: string }) {
  return money.holdForBet(tx, {
    userId: hold.userId,
    subject: hold.marketKey,
    exposure: hold.exposure,
    stake: { product: 'match_odds', amount: hold.exposure },
    cause: hold.cause,
  });
}

/** A password hash no password matches: service tests need players, not logins. */
const NO_LOGIN_HASH = '!';

export interface WalletTestDb {
  database: DatabaseHandle;
  /** Where the database is (DATABASE_URL ...): for another connection or process on it. */
  databaseEnv: Record<string, string>;
  db: Db;
  clock: ManualClock;
  module: MoneyServices;
  /** Inserts a customer straight into users (no password hashing: fast). */
  addPlayer(name: string, options?: { isDemo?: boolean; parentId?: number | null }): Promise<number>;
  /** A player (as addPlayer) with `paise` of cash from the house. */
  fundedPlayer(name: string, paise: number): Promise<number>;
  /** Runs `work` in one money transaction holding the players' locks, as every caller of the ledger must. */
  inTransaction<T>(work: (trx: Tx) => Promise<T>, ...userIds: number[]): Promise<T>;
  close(): Promise<void>;
}

/** A fresh migrated database (SQLite or PostgreSQL, per the test project) with the wallet services on it. */
export async function openWalletTestDb(): Promise<WalletTestDb> {
  const testDb = await createTestDatabase();
  const clock = manualClock();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: '0', ...testDb.env });
  const database = await prepareDatabase(config, clock);
  const db = database.db;
  const module = moneyServices(db, clock);
  const t: WalletTestDb = {
    database,
    databaseEnv: testDb.env,
    db,
    clock,
    module,
    async fundedPlayer(name, paise) {
      const userId = await t.addPlayer(name);
      await t.inTransaction((tx) => creditFromHouse(module.money, tx, userId, paise), userId);
      return userId;
    },
    addPlayer: (name, options = {}) =>
      insertUser(db, {
        user_name: name,
        user_name_key: userNameKey(name),
        password_hash: NO_LOGIN_HASH,
        user_type_id: CUSTOMER_USER_TYPE,
        parent_id: options.parentId ?? null,
        mobile: null,
        email: null,
        is_demo: options.isDemo ? 1 : 0,
        created_at: clock.now(),
        current_session_id: null,
        referred_by: null,
      }),
    inTransaction: (work, ...userIds) => moneyTransaction(db, { userIds, now: clock.now() }, work),
    async close() {
      await database.close();
      await testDb.drop();
    },
  };
  return t;
}

export interface WalletApiApp extends AccountsTestApp {
  module: MoneyServices;
  /** A customer with a live session. */
  newPlayer(name: string, options?: { parentId?: number }): Promise<{ userId: number; token: string }>;
  /** Credits a player's cash from the house, as an operator would. */
  credit(userId: number, paise: number): Promise<void>;
  get(path: string, token?: string): Promise<LightMyRequestResponse>;
}

/** Set-up money: an operator credit from the house to the player's cash, inside the caller's money transaction. */
export function creditFromHouse(money: Money, tx: Tx, userId: number, paise: number, reason = 'test set-up') {
  return money.operatorAdjust(tx, { userId, direction: 'credit', amount: paise, reference: ref('test set-up'), reason });
}

/** The password of every player made by `newPlayer`. */
export const PLAYER_PASSWORD = 'Wallet2026';

/** The real app on a fresh database, plus the wallet services on the same database for set-up. */
export async function createWalletApiApp(options: TestAppOptions = {}): Promise<WalletApiApp> {
  const t = await createAccountsTestApp(options);
  const module = moneyServices(t.database.db, t.clock);
  return {
    ...t,
    module,
    async newPlayer(name, playerOptions = {}) {
      const userId = await createUser(t.database.db, t.clock, {
        userName: name,
        password: PLAYER_PASSWORD,
        userTypeId: CUSTOMER_USER_TYPE,
        parentId: playerOptions.parentId ?? null,
      });
      return { userId, token: await t.login(name, PLAYER_PASSWORD) };
    },
    credit: async (userId, paise) => {
      await moneyTransaction(t.database.db, { userIds: [userId], now: t.clock.now() }, (tx) =>
        creditFromHouse(module.money, tx, userId, paise),
      );
    },
    get: (path, token) =>
      t.app.inject({ method: 'GET', url: `/api/${path}`, headers: token ? { authorization: `Bearer ${token}` } : {} }),
  };
}
