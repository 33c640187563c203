import type { DepositStatus, WithdrawStatus } from '@app/shared';
import type { Db } from '../../db/database';
import { dayOf, pageOf } from '../../db/report-sql';

/**
 * The reads the operator console asks of the payments module (docs/console.md): the deposit and
 * withdrawal lists, a withdrawal, the sums per day and the gateway's contradicting answers. Rows
 * carry the player's id; the console names them through the users module.
 */

export async function pageDepositsForOperator(
  db: Db,
  filter: { status?: DepositStatus | undefined; userId?: number | undefined; from?: number | undefined; to?: number | undefined },
  limit: number,
  offset: number,
) {
  const base = () => {
    let query = db.selectFrom('payment_deposits');
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
    return query;
  };
  return pageOf(base, (query) =>
    query
      .select(['order_id', 'user_id', 'amount', 'method', 'status', 'gateway', 'created_at', 'updated_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}

export async function pageWithdrawalsForOperator(
  db: Db,
  filter: { status?: WithdrawStatus | undefined; userId?: number | undefined },
  limit: number,
  offset: number,
) {
  const base = () => {
    let query = db.selectFrom('payment_withdrawals');
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    return query;
  };
  return pageOf(base, (query) =>
    query
      .select(['id', 'user_id', 'amount', 'status', 'destination_label', 'reason', 'created_at', 'updated_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}

/** The withdrawals with these ids, as an operator sees them. */
export async function listWithdrawalsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('payment_withdrawals')
    .select(['id', 'user_id', 'amount', 'status', 'reason'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Per day from `from` (to `to`, when given): deposits credited and withdrawals paid (paise). */
export async function dailyPayments(db: Db, from: number, to?: number) {
  const [deposits, withdrawals] = await Promise.all([
    (() => {
      let query = db
        .selectFrom('payment_deposits')
        .select([dayOf('updated_at').as('day'), (eb) => eb.fn.sum<number>('amount').as('n')])
        .where('status', '=', 'credited')
        .where('updated_at', '>=', from);
      if (to !== undefined) query = query.where('updated_at', '<', to);
      return query.groupBy(dayOf('updated_at')).execute();
    })(),
    (() => {
      let query = db
        .selectFrom('payment_withdrawals')
        .select([dayOf('updated_at').as('day'), (eb) => eb.fn.sum<number>('amount').as('n')])
        .where('status', '=', 'paid')
        .where('updated_at', '>=', from);
      if (to !== undefined) query = query.where('updated_at', '<', to);
      return query.groupBy(dayOf('updated_at')).execute();
    })(),
  ]);
  return { deposits, withdrawals };
}

/**
 * The gateway's answers about payouts that contradict its first (paid, then failed, or the other
 * way): recorded, changing nothing, for an operator to settle with the provider (docs/payments.md,
 * "Order of events"). Newest first, with the withdrawal each is about.
 */
export async function contradictingPayouts(db: Db, from: number, to: number, limit: number) {
  const events = await db
    .selectFrom('payment_events')
    .select(['gateway', 'event_id', 'type', 'target', 'received_at'])
    .where('outcome', '=', 'contradicts')
    .where('received_at', '>=', from)
    .where('received_at', '<', to)
    .orderBy('received_at', 'desc')
    .limit(limit)
    .execute();
  const ids = [...new Set(events.map((event) => Number(event.target.slice('withdraw:'.length))).filter(Number.isSafeInteger))];
  const byId = new Map((await listWithdrawalsByIds(db, ids)).map((row) => [Number(row.id), row]));
  return events.flatMap((event) => {
    const withdrawal = byId.get(Number(event.target.slice('withdraw:'.length)));
    return withdrawal ? [{ ...event, withdrawal }] : [];
  });
}
