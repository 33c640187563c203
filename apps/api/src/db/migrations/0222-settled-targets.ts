import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The markets module's read model of settled markets and fancy lines (docs/sports.md, "Market
 * states"): settlement writes each target's latest settlement here through the markets face, so
 * the markets module no longer reads the bets module's settlements. Filled from the settlements
 * that stand (not reversed), the latest of each target.
 */
export function settledTargetsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table settled_targets (
        target varchar(60) primary key,
        is_void integer not null,
        settlement_no integer not null,
        settled_at bigint not null
      )`.execute(db);
      await sql`insert into settled_targets (target, is_void, settlement_no, settled_at)
        select s.target, case when s.outcome = 'void' then 1 else 0 end, s.settlement_no, s.created_at
        from bet_settlements s
        where s.is_reversed = 0
          and s.settlement_no = (select max(t.settlement_no) from bet_settlements t where t.target = s.target)`.execute(db);
    },
  };
}
