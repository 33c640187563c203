import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/**
 * Live tables (docs/casino.md, "Live tables"): one row per shared round, unique per table and
 * number, so when two instances open the same round at once one insert wins; and each player's
 * bets on it, settled once through the seamless wallet.
 */
export function liveTablesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('live_table_rounds'), dialect)
        .addColumn('table_code', 'varchar(60)', (col) => col.notNull())
        .addColumn('round_number', 'bigint', (col) => col.notNull())
        // Drawn and hashed before betting opens; shown only once the round is closed.
        .addColumn('server_seed', 'varchar(64)', (col) => col.notNull())
        .addColumn('server_seed_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('opened_at', 'bigint', (col) => col.notNull())
        .addColumn('betting_ends_at', 'bigint', (col) => col.notNull())
        .addColumn('next_round_at', 'bigint', (col) => col.notNull())
        // 'betting', then 'result' once closed and drawn.
        .addColumn('status', 'varchar(10)', (col) => col.notNull())
        .addColumn('outcome', 'text')
        .addColumn('winning_spots', 'text')
        .addColumn('result_label', 'varchar(40)')
        .addColumn('closed_at', 'bigint')
        .addUniqueConstraint('live_table_rounds_number_uq', ['table_code', 'round_number'])
        .execute();

      await withIdColumn(db.schema.createTable('live_table_bets'), dialect)
        .addColumn('table_code', 'varchar(60)', (col) => col.notNull())
        .addColumn('round_number', 'bigint', (col) => col.notNull())
        .addColumn('player', 'varchar(60)', (col) => col.notNull())
        // The game token the bet was placed with: its win is paid with it, even after it expired.
        .addColumn('token', 'varchar(100)', (col) => col.notNull())
        .addColumn('spot', 'varchar(20)', (col) => col.notNull())
        .addColumn('stake', 'bigint', (col) => col.notNull())
        // 'placing' while the wallet takes the stake, 'open', then 'settled'.
        .addColumn('status', 'varchar(10)', (col) => col.notNull())
        .addColumn('payout', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('settled_at', 'bigint')
        .addUniqueConstraint('live_table_bets_spot_uq', ['table_code', 'round_number', 'player', 'spot'])
        .execute();
      await db.schema
        .createIndex('live_table_bets_status_idx')
        .on('live_table_bets')
        .columns(['status', 'table_code', 'round_number'])
        .execute();
    },
  };
}
