import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/**
 * Operators apart from players (docs/operators.md): their accounts (argon2id password, TOTP secret,
 * lock-out), console sessions, the append-only audit log (the database refuses to change or delete
 * a row), the four-eyes requests, and the operator on the ledger transactions operators make.
 */
export function operatorsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('operators'), dialect)
        .addColumn('name', 'varchar(40)', (col) => col.notNull())
        // Lower-case name: one operator per name whatever its case.
        .addColumn('name_key', 'varchar(40)', (col) => col.notNull().unique())
        .addColumn('role', 'varchar(12)', (col) => col.notNull())
        // Null for the system operator the CLI acts as by default: it never logs in.
        .addColumn('password_hash', 'varchar(200)')
        .addColumn('totp_secret', 'varchar(64)')
        // The last TOTP time step used: a code is accepted once, and none older after it.
        .addColumn('totp_last_step', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('failed_logins', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addCheckConstraint('operators_role_ck', sql`role in ('owner', 'finance', 'trader', 'support')`)
        .execute();

      await withIdColumn(db.schema.createTable('operator_sessions'), dialect)
        .addColumn('operator_id', 'bigint', (col) => col.notNull().references('operators.id'))
        .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('ip', 'varchar(64)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
        .addColumn('ended_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('operator_sessions_operator_idx')
        .on('operator_sessions')
        .columns(['operator_id', 'ended_at'])
        .execute();

      await withIdColumn(db.schema.createTable('operator_audit'), dialect)
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('operator_id', 'bigint', (col) => col.notNull().references('operators.id'))
        .addColumn('operator_name', 'varchar(40)', (col) => col.notNull())
        .addColumn('action', 'varchar(60)', (col) => col.notNull())
        .addColumn('target', 'varchar(200)', (col) => col.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('ip', 'varchar(64)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('operator_audit_at_idx').on('operator_audit').columns(['at']).execute();
      await db.schema.createIndex('operator_audit_operator_idx').on('operator_audit').columns(['operator_id', 'at']).execute();
      if (dialect === 'postgres') {
        await sql`create function operator_audit_append_only() returns trigger language plpgsql as $$
          begin raise exception 'operator_audit is append-only'; end $$`.execute(db);
        await sql`create trigger operator_audit_no_change before update or delete on operator_audit
          for each row execute function operator_audit_append_only()`.execute(db);
      } else {
        await sql`create trigger operator_audit_no_update before update on operator_audit
          begin select raise(abort, 'operator_audit is append-only'); end`.execute(db);
        await sql`create trigger operator_audit_no_delete before delete on operator_audit
          begin select raise(abort, 'operator_audit is append-only'); end`.execute(db);
      }

      await withIdColumn(db.schema.createTable('operator_approvals'), dialect)
        .addColumn('kind', 'varchar(20)', (col) => col.notNull())
        .addColumn('status', 'varchar(10)', (col) => col.notNull())
        .addColumn('target', 'varchar(200)', (col) => col.notNull())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('summary', 'varchar(300)', (col) => col.notNull())
        // What to carry out on approval, as JSON.
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('requested_by', 'bigint', (col) => col.notNull().references('operators.id'))
        .addColumn('requested_at', 'bigint', (col) => col.notNull())
        .addColumn('decided_by', 'bigint', (col) => col.references('operators.id'))
        .addColumn('decided_at', 'bigint')
        .addColumn('reason', 'varchar(200)')
        .addCheckConstraint('operator_approvals_status_ck', sql`status in ('pending', 'approved', 'rejected')`)
        .addCheckConstraint('operator_approvals_four_eyes_ck', sql`decided_by is null or decided_by <> requested_by`)
        .execute();
      await db.schema.createIndex('operator_approvals_status_idx').on('operator_approvals').columns(['status', 'id']).execute();

      await db.schema.alterTable('ledger_transactions').addColumn('operator_id', 'bigint').execute();
    },
  };
}
