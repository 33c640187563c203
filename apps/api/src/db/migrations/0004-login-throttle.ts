import type { Kysely, Migration } from 'kysely';

/**
 * Login throttle counters: an attempt is claimed with one guarded UPDATE before the password is
 * checked, so parallel guesses cannot all pass the limit (docs/accounts.md, Throttling).
 */
export function loginThrottleMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_throttle')
        .addColumn('throttle_key', 'varchar(100)', (col) => col.primaryKey())
        .addColumn('window_start', 'bigint', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull())
        .execute();
    },
  };
}
