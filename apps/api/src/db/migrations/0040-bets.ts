import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/** Bets, the settlements of markets and each player's settlement posting (docs/betting.md). */
export function betsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const betId =
        dialect === 'postgres'
          ? (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
              table.addColumn('bet_id', 'bigserial', (col) => col.primaryKey())
          : (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
              table.addColumn('bet_id', 'integer', (col) => col.primaryKey().autoIncrement());
      await betId(db.schema.createTable('bets'))
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('reference', 'varchar(120)', (col) => col.notNull())
        .addColumn('target', 'varchar(60)', (col) => col.notNull())
        .addColumn('kind', 'varchar(12)', (col) => col.notNull())
        .addColumn('sport_id', 'bigint', (col) => col.notNull())
        .addColumn('match_id', 'bigint', (col) => col.notNull())
        .addColumn('match_name', 'varchar(300)', (col) => col.notNull())
        .addColumn('market_id', 'varchar(40)')
        .addColumn('fancy_id', 'bigint')
        .addColumn('market_name', 'varchar(200)', (col) => col.notNull())
        .addColumn('selection_id', 'bigint', (col) => col.notNull())
        .addColumn('selection_name', 'varchar(200)', (col) => col.notNull())
        .addColumn('is_back', 'integer', (col) => col.notNull())
        .addColumn('odds', 'integer', (col) => col.notNull())
        .addColumn('run', 'integer')
        .addColumn('stake', 'bigint', (col) => col.notNull())
        .addColumn('liability', 'bigint', (col) => col.notNull())
        .addColumn('possible_win', 'bigint', (col) => col.notNull())
        .addColumn('status', 'varchar(8)', (col) => col.notNull())
        .addColumn('profit_loss', 'bigint')
        .addColumn('settlement_id', 'bigint')
        .addColumn('placed_at', 'bigint', (col) => col.notNull())
        .addColumn('settled_at', 'bigint')
        .addUniqueConstraint('bets_user_reference_uq', ['user_id', 'reference'])
        .addCheckConstraint('bets_status_ck', sql`status in ('open', 'won', 'lost', 'void')`)
        .addCheckConstraint('bets_kind_ck', sql`kind in ('match_odds', 'bookmaker', 'fancy')`)
        .execute();
      await db.schema.createIndex('bets_user_status_idx').on('bets').columns(['user_id', 'status', 'placed_at']).execute();
      await db.schema.createIndex('bets_user_settled_idx').on('bets').columns(['user_id', 'settled_at']).execute();
      await db.schema.createIndex('bets_target_idx').on('bets').columns(['target', 'status']).execute();
      await db.schema.createIndex('bets_target_user_idx').on('bets').columns(['target', 'user_id']).execute();

      await withIdColumn(db.schema.createTable('bet_settlements'), dialect)
        .addColumn('target', 'varchar(60)', (col) => col.notNull())
        .addColumn('settlement_no', 'integer', (col) => col.notNull())
        .addColumn('outcome', 'varchar(8)', (col) => col.notNull())
        .addColumn('winner_selection_id', 'bigint')
        .addColumn('result_run', 'integer')
        .addColumn('source', 'varchar(12)', (col) => col.notNull())
        .addColumn('is_reversed', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('bet_settlements_once_uq', ['target', 'settlement_no'])
        .addCheckConstraint('bet_settlements_outcome_ck', sql`outcome in ('winner', 'void', 'run')`)
        .execute();

      await db.schema
        .createTable('bet_settlement_postings')
        .addColumn('settlement_id', 'bigint', (col) => col.notNull().references('bet_settlements.id'))
        .addColumn('user_id', 'bigint', (col) => col.notNull())
        .addColumn('transaction_id', 'bigint')
        .addColumn('profit_loss', 'bigint', (col) => col.notNull())
        .addColumn('turnover', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('bet_settlement_postings_pk', ['settlement_id', 'user_id'])
        .execute();
    },
  };
}
