import { type Kysely, type Migration, sql } from 'kysely';

/**
 * An audit row names the player it is about (docs/operators.md, "The audit log"), whoever wrote it:
 * the console, the CLI or a four-eyes approval, whatever its target says (`withdraw:12`,
 * `deposit:…`, `name:rahul`). The console's filter by player reads it by this index. Rows written
 * before it keep null: the log is append-only (a trigger refuses updates), and the filter still
 * finds them by their target and their "before".
 */
export function auditSubjectMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table operator_audit add column subject_user_id bigint`.execute(db);
      await sql`create index operator_audit_subject_idx on operator_audit (subject_user_id, id)`.execute(db);
    },
  };
}
