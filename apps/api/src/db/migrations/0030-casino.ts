import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/**
 * The casino: game providers and their games, game sessions handed out at launch, every wallet
 * call a provider made (one row per provider transaction id: the natural key that makes each
 * apply once), rounds for the player's report, and favourites.
 */
export function casinoMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('casino_providers'), dialect)
        .addColumn('code', 'varchar(40)', (col) => col.notNull().unique())
        .addColumn('name', 'varchar(80)', (col) => col.notNull())
        .addColumn('public_key', 'text', (col) => col.notNull())
        .addColumn('launch_url', 'varchar(500)', (col) => col.notNull())
        .addColumn('is_enabled', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('casino_games'), dialect)
        .addColumn('provider_id', 'bigint', (col) => col.notNull().references('casino_providers.id'))
        // Unique across providers: `casino/launchGame` and the wallet calls name a game by code alone.
        .addColumn('code', 'varchar(60)', (col) => col.notNull().unique())
        .addColumn('name', 'varchar(80)', (col) => col.notNull())
        .addColumn('category', 'varchar(20)', (col) => col.notNull())
        .addColumn('is_enabled', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('casino_games_category_idx').on('casino_games').columns(['category', 'id']).execute();

      await db.schema
        .createTable('casino_game_sessions')
        .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('provider_id', 'bigint', (col) => col.notNull())
        // Null for the external sportsbook (gap/gaplogin), which is a provider's lobby, not a game.
        .addColumn('game_id', 'bigint')
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('casino_transactions'), dialect)
        .addColumn('provider_id', 'bigint', (col) => col.notNull())
        .addColumn('transaction_uuid', 'varchar(100)', (col) => col.notNull())
        // bet, win or rollback
        .addColumn('kind', 'varchar(10)', (col) => col.notNull())
        .addColumn('user_id', 'bigint', (col) => col.notNull())
        .addColumn('round', 'varchar(100)', (col) => col.notNull())
        .addColumn('game_code', 'varchar(60)', (col) => col.notNull())
        .addColumn('reference_transaction_uuid', 'varchar(100)')
        .addColumn('amount', 'bigint', (col) => col.notNull())
        // Where a bet's money came from, so a rollback returns it there.
        .addColumn('from_cash', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('from_bonus', 'bigint', (col) => col.notNull().defaultTo(0))
        // SHA-256 of what the request asked for: the same id with another body is a duplicate.
        .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
        // The first answer, replayed on a retry.
        .addColumn('response', 'text', (col) => col.notNull())
        .addColumn('ledger_transaction_id', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('casino_transactions_provider_uuid_uq', ['provider_id', 'transaction_uuid'])
        .execute();
      await db.schema
        .createIndex('casino_transactions_reference_idx')
        .on('casino_transactions')
        .columns(['provider_id', 'reference_transaction_uuid'])
        .execute();

      await withIdColumn(db.schema.createTable('casino_rounds'), dialect)
        .addColumn('provider_id', 'bigint', (col) => col.notNull())
        .addColumn('round', 'varchar(100)', (col) => col.notNull())
        .addColumn('user_id', 'bigint', (col) => col.notNull())
        .addColumn('game_code', 'varchar(60)', (col) => col.notNull())
        .addColumn('stake', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('win', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('casino_rounds_provider_round_uq', ['provider_id', 'round', 'user_id'])
        .execute();
      await db.schema.createIndex('casino_rounds_user_idx').on('casino_rounds').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('casino_favourites')
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('game_id', 'bigint', (col) => col.notNull().references('casino_games.id'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('casino_favourites_pk', ['user_id', 'game_id'])
        .execute();
    },
  };
}
