import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { postgresUserChangedFunction } from '../user-changes';

/**
 * `app_user_changed(user_id)`: how a write tells every API process that a user's session or
 * balance changed (docs/adr/0006-hot-reads-from-memory.md). PostgreSQL gets a function that
 * sends NOTIFY; SQLite registers it on each connection (db/user-changes.ts), so has nothing to store.
 */
export function userChangesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await postgresUserChangedFunction.execute(db);
    },
  };
}
