import type { Kysely, Migration } from 'kysely';

/**
 * The Betfair feed (docs/feeds.md): the non-runners a result is settled with (their reduction
 * factors and when they were removed), and the stream one instance holds for all of them: who
 * holds it and until when (a lease), where it resumes (`clk` or a recording's position), when a
 * recording's first message played, and each market's latest state for the other instances and
 * for whoever takes the stream over.
 */
export function betfairFeedMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('feed_runner_removals')
        .addColumn('market_id', 'varchar(40)', (col) => col.notNull())
        .addColumn('selection_id', 'bigint', (col) => col.notNull())
        // Thousandths of a percent (7.14 % → 7140); 0 for a vacant trap.
        .addColumn('factor_milli', 'integer', (col) => col.notNull())
        .addColumn('removed_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('feed_runner_removals_pk', ['market_id', 'selection_id'])
        .execute();

      await db.schema
        .createTable('feed_streams')
        .addColumn('stream_key', 'varchar(100)', (col) => col.primaryKey())
        .addColumn('holder', 'varchar(64)')
        .addColumn('epoch', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('lease_until', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('position', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('resume_point', 'text')
        .addColumn('anchor_at', 'bigint')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('feed_stream_markets')
        .addColumn('stream_key', 'varchar(100)', (col) => col.notNull())
        .addColumn('market_id', 'varchar(40)', (col) => col.notNull())
        .addColumn('epoch', 'bigint', (col) => col.notNull())
        .addColumn('position', 'bigint', (col) => col.notNull())
        .addColumn('image', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('feed_stream_markets_pk', ['stream_key', 'market_id'])
        .execute();
      await db.schema
        .createIndex('feed_stream_markets_position_idx')
        .on('feed_stream_markets')
        .columns(['stream_key', 'epoch', 'position'])
        .execute();
    },
  };
}
