import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/**
 * Notices to players (docs/accounts.md "Notices"): identity approved or rejected, a withdrawal
 * paid, failed or rejected. Written in the transaction of the change they tell of; read newest
 * first by player.
 */
export function playerNoticesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('player_notices'), dialect)
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('kind', 'varchar(40)', (col) => col.notNull())
        .addColumn('withdraw_id', 'bigint')
        .addColumn('amount', 'bigint')
        .addColumn('reason', 'varchar(200)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('read_at', 'bigint')
        .addCheckConstraint(
          'player_notices_kind_ck',
          sql`kind in ('identity_approved', 'identity_rejected', 'withdrawal_paid', 'withdrawal_failed', 'withdrawal_rejected')`,
        )
        .execute();
      await db.schema.createIndex('player_notices_user_idx').on('player_notices').columns(['user_id', 'id']).execute();
    },
  };
}
