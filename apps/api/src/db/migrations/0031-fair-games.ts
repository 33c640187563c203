import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/**
 * Our own provider of provably fair games: its signing key pair, each player's seed pairs and
 * every round it played (docs/casino-fairness.md).
 */
export function fairGamesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fair_provider_keys')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('private_key', 'text', (col) => col.notNull())
        .addColumn('public_key', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('fair_seeds'), dialect)
        // The player as the platform's wallet names them (`user` of the balance answer): the
        // provider knows nothing else about the platform.
        .addColumn('player', 'varchar(60)', (col) => col.notNull())
        .addColumn('server_seed', 'varchar(64)', (col) => col.notNull())
        .addColumn('server_seed_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('client_seed', 'varchar(64)', (col) => col.notNull())
        .addColumn('next_nonce', 'bigint', (col) => col.notNull().defaultTo(0))
        // 1 while in play; rotation sets 0 and reveals the seed.
        .addColumn('is_active', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('revealed_at', 'bigint')
        .execute();
      await db.schema.createIndex('fair_seeds_user_idx').on('fair_seeds').columns(['player', 'is_active']).execute();

      await withIdColumn(db.schema.createTable('fair_rounds'), dialect)
        .addColumn('round_uuid', 'varchar(40)', (col) => col.notNull().unique())
        .addColumn('player', 'varchar(60)', (col) => col.notNull())
        .addColumn('game_code', 'varchar(40)', (col) => col.notNull())
        .addColumn('seed_id', 'bigint', (col) => col.notNull())
        .addColumn('nonce', 'bigint', (col) => col.notNull())
        .addColumn('params', 'text', (col) => col.notNull())
        .addColumn('stake', 'bigint', (col) => col.notNull())
        .addColumn('multiplier', 'bigint', (col) => col.notNull())
        .addColumn('payout', 'bigint', (col) => col.notNull())
        .addColumn('outcome', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('fair_rounds_seed_nonce_uq', ['seed_id', 'nonce'])
        .execute();
      // Crash: one shared round for every player, its own seed per round (docs/casino-fairness.md).
      await withIdColumn(db.schema.createTable('fair_crash_rounds'), dialect)
        .addColumn('round_number', 'bigint', (col) => col.notNull().unique())
        .addColumn('server_seed', 'varchar(64)', (col) => col.notNull())
        .addColumn('server_seed_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('crash_point', 'bigint', (col) => col.notNull())
        .addColumn('betting_ends_at', 'bigint', (col) => col.notNull())
        .addColumn('crashed_at', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('fair_crash_bets'), dialect)
        .addColumn('round_number', 'bigint', (col) => col.notNull())
        .addColumn('player', 'varchar(60)', (col) => col.notNull())
        // The game token the bet was placed with: its win is paid with it, even after it expired.
        .addColumn('token', 'varchar(100)', (col) => col.notNull())
        .addColumn('stake', 'bigint', (col) => col.notNull())
        .addColumn('auto_cashout', 'bigint')
        .addColumn('cashout', 'bigint')
        .addColumn('payout', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('is_settled', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('fair_crash_bets_round_player_uq', ['round_number', 'player'])
        .execute();
      await db.schema
        .createIndex('fair_crash_bets_open_idx')
        .on('fair_crash_bets')
        .columns(['is_settled', 'round_number'])
        .execute();

      await db.schema.createIndex('fair_rounds_user_idx').on('fair_rounds').columns(['player', 'id']).execute();
    },
  };
}
