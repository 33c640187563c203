import type { Kysely, Migration } from 'kysely';

/**
 * A bet settled at a price other than it was taken at (docs/betting.md "Non-runners"): Betfair's
 * reduction factors lower the price of bets matched before a runner was withdrawn. Null: settled
 * at its own price (every bet before this migration).
 */
export function betSettledOddsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('bets').addColumn('settled_odds', 'bigint').execute();
    },
  };
}
