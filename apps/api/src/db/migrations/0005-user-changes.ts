import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { postgresUserChangeStatements } from '../user-changes';

/**
 * How writes tell every API process that a user's session or balance changed
 * (docs/adr/0006-hot-reads-from-memory.md). PostgreSQL gets `app_user_changed` and the triggers
 * that send NOTIFY; SQLite registers the function on each connection (db/user-changes.ts).
 */
export function userChangesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const statement of postgresUserChangeStatements) await statement.execute(db);
    },
  };
}
