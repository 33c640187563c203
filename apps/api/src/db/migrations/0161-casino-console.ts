import type { Kysely, Migration } from 'kysely';

/**
 * The console's casino controls (docs/operators.md): the order of providers and games in the
 * lobby, games an operator marks popular, and the RTP a game states (basis points, e.g. 9650
 * for 96.5%) to compare with what its rounds paid.
 */
export function casinoConsoleMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('casino_providers')
        .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('casino_games')
        .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('casino_games')
        .addColumn('is_popular', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('casino_games').addColumn('stated_rtp_bp', 'integer').execute();
    },
  };
}
