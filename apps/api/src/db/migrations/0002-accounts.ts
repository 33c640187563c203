import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/** Sessions, one-time codes, the activity log, and the user columns they need (docs/accounts.md). */
export function accountsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The one live session of a user: a login sets it in one UPDATE, so parallel logins leave exactly one.
      await db.schema.alterTable('users').addColumn('current_session_id', 'bigint').execute();
      // The customer whose referral code (their user name) the player signed up with.
      await db.schema.alterTable('users').addColumn('referred_by', 'bigint').execute();
      // A mobile names one account: password reset finds the account by it.
      await db.schema.dropIndex('users_mobile_idx').execute();
      await db.schema.createIndex('users_mobile_key').on('users').column('mobile').unique().execute();
      await db.schema.createIndex('users_email_idx').on('users').column('email').execute();

      await withIdColumn(db.schema.createTable('sessions'), dialect)
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        // SHA-256 of the bearer token; the token itself is never stored.
        .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('end_reason', 'varchar(32)')
        .addColumn('ip', 'varchar(64)', (col) => col.notNull())
        .addColumn('user_agent', 'varchar(300)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'ended_at']).execute();

      await withIdColumn(db.schema.createTable('otp_codes'), dialect)
        // The `message-id` sendOtp answers; random, so it cannot be guessed.
        .addColumn('request_id', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('mobile', 'varchar(20)', (col) => col.notNull())
        .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('used_at', 'bigint')
        .addColumn('ip', 'varchar(64)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('otp_codes_mobile_idx').on('otp_codes').columns(['mobile', 'created_at']).execute();

      await withIdColumn(db.schema.createTable('activity_log'), dialect)
        // Null for a failed login that named no account.
        .addColumn('user_id', 'bigint', (col) => col.references('users.id'))
        .addColumn('event', 'varchar(32)', (col) => col.notNull())
        .addColumn('ip', 'varchar(64)', (col) => col.notNull())
        .addColumn('user_agent', 'varchar(300)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('activity_log_user_idx').on('activity_log').columns(['user_id', 'created_at']).execute();
      // Throttling counts recent failures from one address.
      await db.schema.createIndex('activity_log_ip_idx').on('activity_log').columns(['ip', 'event', 'created_at']).execute();
    },
  };
}
