import { type adminEndpoints as api, type DataOf, type ParsedRequestOf } from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { listWithdrawalsByIds, pageDepositsForOperator, pageWithdrawalsForOperator } from '../payments';
import { userNamesByIds } from '../users';
import type { ConsoleDeps } from './console-deps';
import type { ConsolePlayers } from './console-players.service';
import { iso, pagingOf, rupees, tableAnswer, windowOf } from './console-support';

/** A withdrawal as an act's audit row describes it: with its player's name, or undefined. */
export async function findWithdrawalForOperator(db: Db, withdrawId: number) {
  const [row] = await listWithdrawalsByIds(db, [withdrawId]);
  if (!row) return undefined;
  const names = await userNamesByIds(db, [Number(row.user_id)]);
  return { ...row, user_name: names.get(Number(row.user_id)) ?? '' };
}

/**
 * The console's views of payments (docs/console.md): deposits, withdrawals with their waiting
 * four-eyes requests, and a withdrawal for an act (the reconciliation: console-reconciliation.service.ts).
 * The routes parse and answer.
 */
export function createConsolePayments(
  { db, clock, operators }: Pick<ConsoleDeps, 'db' | 'clock' | 'operators'>,
  players: ConsolePlayers,
) {
  const playerIdOf = async (userName: string) => Number((await players.find(userName)).id);

  return {
    /** A withdrawal by id, or 404; `executor` reads it inside an act's transaction. */
    async withdrawal(withdrawId: number, executor: Db = db) {
      const row = await findWithdrawalForOperator(executor, withdrawId);
      if (!row) throw new AppError('NOT_FOUND', `No withdrawal has id ${withdrawId}`);
      return row;
    },

    async deposits(body: ParsedRequestOf<typeof api.adminDeposits>): Promise<DataOf<typeof api.adminDeposits>> {
      const paging = pagingOf(body);
      const window = body.from_date || body.to_date ? windowOf(body, clock.now()) : undefined;
      const { rows, total } = await pageDepositsForOperator(
        db,
        {
          status: body.status,
          userId: body.user_name ? await playerIdOf(body.user_name) : undefined,
          from: window?.from,
          to: window?.to,
        },
        paging.limit,
        paging.offset,
      );
      const names = await userNamesByIds(
        db,
        rows.map((row) => Number(row.user_id)),
      );
      return tableAnswer(
        rows.map((row) => ({
          order_id: row.order_id,
          user_name: names.get(Number(row.user_id)) ?? '',
          amount: rupees(row.amount),
          method: row.method as 'upi',
          status: row.status,
          gateway: row.gateway,
          created_at: iso(row.created_at),
          updated_at: iso(row.updated_at),
        })),
        total,
        paging,
      );
    },
    async withdrawals(body: ParsedRequestOf<typeof api.adminWithdrawals>): Promise<DataOf<typeof api.adminWithdrawals>> {
      const paging = pagingOf(body);
      const { rows, total } = await pageWithdrawalsForOperator(
        db,
        { status: body.status, userId: body.user_name ? await playerIdOf(body.user_name) : undefined },
        paging.limit,
        paging.offset,
      );
      const [names, waiting] = await Promise.all([
        userNamesByIds(
          db,
          rows.map((row) => Number(row.user_id)),
        ),
        Promise.all(rows.map((row) => operators.approvals.findPending('withdraw_approve', `withdraw:${row.id}`))),
      ]);
      return tableAnswer(
        rows.map((row, index) => ({
          withdraw_id: Number(row.id),
          user_name: names.get(Number(row.user_id)) ?? '',
          amount: rupees(row.amount),
          status: row.status,
          destination: row.destination_label,
          reason: row.reason,
          approval_request_id: waiting[index] ? Number(waiting[index].id) : null,
          created_at: iso(row.created_at),
          updated_at: iso(row.updated_at),
        })),
        total,
        paging,
      );
    },
  };
}
