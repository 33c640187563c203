import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/**
 * Responsible play (docs/responsible-play.md): limits with their pending changes, session
 * controls, pauses (time-outs and self-exclusions), stake and loss usage in hourly buckets, one
 * summary row per player for the check every stake passes, and the history of every change.
 */
export function responsiblePlayMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rg_limits')
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('kind', 'varchar(12)', (col) => col.notNull())
        .addColumn('period', 'varchar(8)', (col) => col.notNull())
        .addColumn('amount', 'bigint')
        .addColumn('pending_amount', 'bigint')
        .addColumn('pending_removal', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('pending_from', 'bigint')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('rg_limits_pk', ['user_id', 'kind', 'period'])
        .execute();
      await db.schema
        .createTable('rg_controls')
        .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id'))
        .addColumn('reality_check_minutes', 'integer', (col) => col.notNull())
        .addColumn('session_limit_minutes', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await withIdColumn(db.schema.createTable('rg_pauses'), dialect)
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('started_at', 'bigint', (col) => col.notNull())
        // null: permanent
        .addColumn('until', 'bigint')
        .addColumn('return_requested_at', 'bigint')
        .execute();
      await db.schema.createIndex('rg_pauses_user_idx').on('rg_pauses').columns(['user_id', 'id']).execute();
      await db.schema
        .createTable('rg_usage')
        .addColumn('user_id', 'bigint', (col) => col.notNull())
        .addColumn('kind', 'varchar(8)', (col) => col.notNull())
        .addColumn('hour', 'bigint', (col) => col.notNull())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('rg_usage_pk', ['user_id', 'kind', 'hour'])
        .execute();
      await db.schema
        .createTable('rg_state')
        .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id'))
        .addColumn('stake_day', 'bigint')
        .addColumn('stake_week', 'bigint')
        .addColumn('stake_month', 'bigint')
        .addColumn('loss_day', 'bigint')
        .addColumn('loss_week', 'bigint')
        .addColumn('loss_month', 'bigint')
        .addColumn('pause_kind', 'varchar(16)')
        .addColumn('paused_from', 'bigint')
        // null with a pause kind: permanent, or until the player asks to return
        .addColumn('paused_until', 'bigint')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await withIdColumn(db.schema.createTable('rg_events'), dialect)
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('action', 'varchar(40)', (col) => col.notNull())
        .addColumn('detail', 'varchar(400)', (col) => col.notNull())
        .addColumn('actor', 'varchar(60)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('rg_events_user_idx').on('rg_events').columns(['user_id', 'id']).execute();

      await db.schema
        .alterTable('sessions')
        .addColumn('restricted', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('sessions').addColumn('limit_ends_at', 'bigint').execute();
      await db.schema.alterTable('sessions').addColumn('reality_checked_at', 'bigint').execute();
    },
  };
}
