import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The console's fixture list leads with what is at stake (docs/operators.md, "What the console
 * shows"): the open bets' liabilities summed per match, and a page's open bets read by match.
 * Without an index both read every bet ever placed. A partial index holds the open bets only: small
 * whatever the history, so building it holds writes to `bets` on PostgreSQL for moments only.
 */
export function openBetsByMatchMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index bets_open_by_match_idx on bets (match_id) where status = 'open'`.execute(db);
    },
  };
}
