import type { Kysely, Migration } from 'kysely';

/**
 * Cash out and settlement corrections (docs/betting.md, "Cash out" and
 * "Corrections"): a bet placed as a leg of a cash out says so in the reports, and a settlement an
 * operator wrote keeps the reason they gave (a void or re-settle after a result). Both columns are
 * defaulted or nullable, so existing rows keep their meaning.
 */
export function cashOutCorrectionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('bets')
        .addColumn('is_cash_out', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('bet_settlements').addColumn('reason', 'varchar(200)').execute();
    },
  };
}
