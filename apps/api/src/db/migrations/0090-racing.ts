import type { Kysely, Migration } from 'kysely';

/**
 * Racing (docs/sports.md "Racing"): a market may pay several runners (a Place market's
 * 2 or 3), race runners carry a saddle-cloth number, a jockey and a form line, and results and
 * settlements of such a market name every placed runner. All additions are nullable or defaulted,
 * so existing rows keep their meaning (one winner).
 */
export function racingMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('markets')
        .addColumn('number_of_winners', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('market_runners').addColumn('cloth_number', 'integer').execute();
      await db.schema.alterTable('market_runners').addColumn('jockey', 'varchar(100)').execute();
      await db.schema.alterTable('market_runners').addColumn('form', 'varchar(20)').execute();
      // Comma-separated selection ids in finishing order, for a market that pays several runners.
      await db.schema.alterTable('feed_results').addColumn('placed_selection_ids', 'varchar(400)').execute();
      await db.schema.alterTable('bet_settlements').addColumn('winner_selection_ids', 'varchar(400)').execute();
    },
  };
}
