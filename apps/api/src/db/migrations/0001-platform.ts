import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

export function platformMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('global_settings')
        .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('sports')
        .addColumn('sport_id', 'bigint', (col) => col.primaryKey())
        .addColumn('name', 'varchar(100)', (col) => col.notNull())
        .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (col) => col.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('users'), dialect)
        .addColumn('user_name', 'varchar(64)', (col) => col.notNull())
        // Lower-cased name: "Raj" and "raj" are one account.
        .addColumn('user_name_key', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('user_type_id', 'integer', (col) => col.notNull())
        .addColumn('parent_id', 'bigint')
        .addColumn('mobile', 'varchar(20)')
        .addColumn('email', 'varchar(254)')
        .addColumn('is_signup_user', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('is_change_password', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('is_demo', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('is_disabled', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('users_mobile_idx').on('users').column('mobile').execute();
    },
  };
}
