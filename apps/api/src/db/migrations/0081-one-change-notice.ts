import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { dropNotifyTriggerStatements } from '../user-changes';

/**
 * One mechanism for every change notice (docs/adr/0006-hot-reads-from-memory.md):
 * the process that commits a change tells the other processes itself, and waits until they can
 * hear it before it answers. The triggers left from migration 0005 (active wallet, sessions,
 * users) sent their NOTIFY at commit but nobody waited for its delivery, so another instance could
 * answer the next call from a copy it had not dropped yet; and each took PostgreSQL's
 * database-wide notify lock inside the writing transaction. Nothing to do on SQLite.
 */
export function oneChangeNoticeMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const statement of dropNotifyTriggerStatements) await statement.execute(db);
    },
  };
}
