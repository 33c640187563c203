import { type Kysely, type Migration, sql } from 'kysely';

/**
 * One four-eyes request waits per withdrawal (docs/operators.md, "Four-eyes"), held by the
 * database: a partial unique index, so requests sent at once (on two instances of one PostgreSQL
 * too) cannot both be stored. Duplicates that could be stored before are closed first: the first
 * request waits on, the later ones end rejected with the reason and no deciding operator.
 */
export function oneWithdrawalRequestMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`
        update operator_approvals
        set status = 'rejected', decided_at = ${Date.now()}, reason = 'Asked again while an earlier request waited'
        where kind = 'withdraw_approve' and status = 'pending'
          and id > (
            select min(a.id) from operator_approvals a
            where a.kind = 'withdraw_approve' and a.status = 'pending' and a.target = operator_approvals.target
          )
      `.execute(db);
      await sql`
        create unique index operator_approvals_one_waiting_withdrawal_uq on operator_approvals (target)
        where kind = 'withdraw_approve' and status = 'pending'
      `.execute(db);
    },
  };
}
