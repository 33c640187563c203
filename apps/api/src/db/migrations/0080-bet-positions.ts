import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Each player's running position per market target, so that placing a bet reads one small
 * position instead of every earlier bet (docs/betting.md, "Running position").
 * Positions of targets that still have open bets are summed from those bets, with the amounts
 * each bet row stored at placement (liability = its loss, possible_win = its win): a back takes
 * its loss off the baseline and adds win + loss at its step, a lay the other way round; the step
 * is the selection, or the run for a fancy bet. A target's bets are all open until it settles.
 */
export function betPositionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bet_positions')
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('target', 'varchar(60)', (col) => col.notNull())
        .addColumn('baseline', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('bet_positions_pk', ['user_id', 'target'])
        .execute();
      await db.schema
        .createTable('bet_position_steps')
        .addColumn('user_id', 'bigint', (col) => col.notNull())
        .addColumn('target', 'varchar(60)', (col) => col.notNull())
        .addColumn('step_key', 'bigint', (col) => col.notNull())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('bet_position_steps_pk', ['user_id', 'target', 'step_key'])
        .addForeignKeyConstraint('bet_position_steps_position_fk', ['user_id', 'target'], 'bet_positions', ['user_id', 'target'])
        .execute();

      await sql`
        insert into bet_positions (user_id, target, baseline, updated_at)
        select user_id, target, sum(case when is_back = 1 then -liability else possible_win end), max(placed_at)
        from bets where status = 'open'
        group by user_id, target`.execute(db);
      await sql`
        insert into bet_position_steps (user_id, target, step_key, amount)
        select user_id, target, case when kind = 'fancy' then run else selection_id end,
          sum(case when is_back = 1 then possible_win + liability else -(possible_win + liability) end)
        from bets where status = 'open'
        group by user_id, target, case when kind = 'fancy' then run else selection_id end`.execute(db);
    },
  };
}
