import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config/env';
import type { DatabaseHandle, Db } from '../src/db/database';
import { insertUser } from '../src/modules/users/users.repository';
import { CUSTOMER_USER_TYPE, createUser, userNameKey } from '../src/modules/users/users.service';
import type { Ledger } from '../src/modules/ledger/ledger.service';
import { createWalletModule, type WalletModule } from '../src/modules/money/money.module';
import { prepareDatabase } from '../src/startup';
import { moneyTransaction, type Tx } from '../src/db/unit-of-work';
import { ref } from './support/refs';
import { type AccountsTestApp, createAccountsTestApp, type ManualClock, manualClock } from './accounts-support';
import { createTestDatabase, type TestAppOptions } from './test-app';

/** A password hash no password matches: service tests need players, not logins. */
const NO_LOGIN_HASH = '!';

export interface WalletTestDb {
  database: DatabaseHandle;
  /** Where the database is (DATABASE_URL ...): for another connection or process on it. */
  databaseEnv: Record<string, string>;
  db: Db;
  clock: ManualClock;
  module: WalletModule;
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
  const module = createWalletModule(db, clock);
  const t: WalletTestDb = {
    database,
    databaseEnv: testDb.env,
    db,
    clock,
    module,
    async fundedPlayer(name, paise) {
      const userId = await t.addPlayer(name);
      await t.inTransaction((tx) => creditFromHouse(module.ledger, tx, userId, paise), userId);
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
  module: WalletModule;
  /** A customer with a live session. */
  newPlayer(name: string, options?: { parentId?: number }): Promise<{ userId: number; token: string }>;
  /** Credits a player's cash from the house, as an operator would. */
  credit(userId: number, paise: number): Promise<void>;
  get(path: string, token?: string): Promise<LightMyRequestResponse>;
}

/** Set-up money: a transfer from the house to the player's cash, inside the caller's transaction. */
export function creditFromHouse(ledger: Ledger, trx: Db, userId: number, paise: number, note = 'test set-up') {
  return ledger.transfer(trx, {
    kind: 'operator_credit',
    reference: ref('test set-up'),
    note,
    userId,
    from: { system: 'house' },
    to: { userId, kind: 'cash' },
    amount: paise,
  });
}

/** The password of every player made by `newPlayer`. */
export const PLAYER_PASSWORD = 'Wallet2026';

/** The real app on a fresh database, plus the wallet services on the same database for set-up. */
export async function createWalletApiApp(options: TestAppOptions = {}): Promise<WalletApiApp> {
  const t = await createAccountsTestApp(options);
  const module = createWalletModule(t.database.db, t.clock);
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
      await t.database.db.transaction().execute((trx) => creditFromHouse(module.ledger, trx, userId, paise));
    },
    get: (path, token) =>
      t.app.inject({ method: 'GET', url: `/api/${path}`, headers: token ? { authorization: `Bearer ${token}` } : {} }),
  };
}
