import { loadConfig } from '../src/config/env';
import type { DatabaseHandle, Db } from '../src/db/database';
import { insertUser } from '../src/modules/users/users.repository';
import { CUSTOMER_USER_TYPE, userNameKey } from '../src/modules/users/users.service';
import { createWalletModule, type WalletModule } from '../src/modules/wallet/wallet.module';
import { prepareDatabase } from '../src/startup';
import { type ManualClock, manualClock } from './accounts-support';
import { createTestDatabase } from './test-app';

/** A password hash no password matches: service tests need players, not logins. */
const NO_LOGIN_HASH = '!';

export interface WalletTestDb {
  database: DatabaseHandle;
  db: Db;
  clock: ManualClock;
  module: WalletModule;
  /** Inserts a customer straight into users (no password hashing: fast). */
  addPlayer(name: string, options?: { isDemo?: boolean; parentId?: number | null }): Promise<number>;
  /** Runs `work` in one transaction, as every caller of the ledger must. */
  inTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A fresh migrated database (SQLite or PostgreSQL, per the test project) with the wallet services on it. */
export async function openWalletTestDb(): Promise<WalletTestDb> {
  const testDb = await createTestDatabase();
  const clock = manualClock();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: '0', ...testDb.env });
  const database = await prepareDatabase(config, clock);
  const db = database.db;
  return {
    database,
    db,
    clock,
    module: createWalletModule(db, clock),
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
    inTransaction: (work) => db.transaction().execute(work),
    async close() {
      await database.close();
      await testDb.drop();
    },
  };
}
