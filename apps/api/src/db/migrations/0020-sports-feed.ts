import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

/** The sports feed's fixtures, markets and fancy lines, operator suspensions and results. */
export function sportsFeedMigration(dialect: DialectName): Migration {
  const serial = (table: ReturnType<Kysely<unknown>['schema']['createTable']>, name: string) =>
    dialect === 'postgres'
      ? table.addColumn(name, 'bigserial', (col) => col.primaryKey())
      : table.addColumn(name, 'integer', (col) => col.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await serial(db.schema.createTable('series'), 'series_id')
        .addColumn('feed_key', 'varchar(200)', (col) => col.notNull().unique())
        .addColumn('sport_id', 'bigint', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();

      await serial(db.schema.createTable('matches'), 'match_id')
        .addColumn('feed_key', 'varchar(200)', (col) => col.notNull().unique())
        .addColumn('series_id', 'bigint', (col) => col.notNull().references('series.series_id'))
        .addColumn('sport_id', 'bigint', (col) => col.notNull())
        .addColumn('name', 'varchar(300)', (col) => col.notNull())
        .addColumn('home', 'varchar(200)', (col) => col.notNull())
        .addColumn('away', 'varchar(200)', (col) => col.notNull())
        .addColumn('start_time', 'bigint', (col) => col.notNull())
        .addColumn('end_by', 'bigint', (col) => col.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('matches_sport_start_idx').on('matches').columns(['sport_id', 'start_time']).execute();
      await db.schema.createIndex('matches_open_idx').on('matches').columns(['finished_at', 'start_time']).execute();

      await db.schema
        .createTable('markets')
        .addColumn('market_id', 'varchar(40)', (col) => col.primaryKey())
        .addColumn('match_id', 'bigint', (col) => col.notNull().references('matches.match_id'))
        .addColumn('market_key', 'varchar(40)', (col) => col.notNull())
        .addColumn('market_type', 'varchar(40)', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('sort_order', 'integer', (col) => col.notNull())
        .addColumn('bet_delay_s', 'integer', (col) => col.notNull())
        .addColumn('min_stake', 'bigint', (col) => col.notNull())
        .addColumn('max_stake', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('markets_match_idx').on('markets').column('match_id').execute();

      await db.schema
        .createTable('market_runners')
        .addColumn('market_id', 'varchar(40)', (col) => col.notNull().references('markets.market_id'))
        .addColumn('selection_id', 'bigint', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('sort_order', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('market_runners_pk', ['market_id', 'selection_id'])
        .execute();

      await serial(db.schema.createTable('fancies'), 'fancy_id')
        .addColumn('match_id', 'bigint', (col) => col.notNull().references('matches.match_id'))
        .addColumn('fancy_key', 'varchar(40)', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('sort_order', 'integer', (col) => col.notNull())
        .addColumn('min_stake', 'bigint', (col) => col.notNull())
        .addColumn('max_stake', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('fancies_match_key_uq', ['match_id', 'fancy_key'])
        .execute();

      await db.schema
        .createTable('feed_suspensions')
        .addColumn('target', 'varchar(60)', (col) => col.primaryKey())
        .addColumn('match_id', 'bigint', (col) => col.notNull())
        .addColumn('set_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('feed_results')
        .addColumn('target', 'varchar(60)', (col) => col.primaryKey())
        .addColumn('match_id', 'bigint', (col) => col.notNull())
        .addColumn('winner_selection_id', 'bigint')
        .addColumn('result_runs', 'integer')
        .addColumn('decided_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('feed_results_match_idx').on('feed_results').column('match_id').execute();
    },
  };
}
