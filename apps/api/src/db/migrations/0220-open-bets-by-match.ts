import type { Kysely, Migration } from 'kysely';

/**
 * The console's fixture list leads with what is at stake (docs/operators.md, "What the console
 * shows"): the open bets' liabilities summed per match, and a page's open bets read by match.
 * Without this index both read every bet ever placed; with it they read the open ones by match.
 */
export function openBetsByMatchMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('bets_status_match_idx').on('bets').columns(['status', 'match_id']).execute();
    },
  };
}
