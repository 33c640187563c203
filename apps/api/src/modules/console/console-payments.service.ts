import { type adminEndpoints as api, type DataOf, type ParsedRequestOf } from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { auditLedger } from '../money';
import type { ConsoleDeps } from './console-deps';
import type { ConsolePlayers } from './console-players.service';
import { contradictingPayouts, findWithdrawal, listDeposits, listWithdrawals, reconciliationRows } from './console.repository';
import { dayText, iso, pagingOf, rupees, tableAnswer, windowOf } from './console-support';

/** The newest contradictions the reconciliation screen lists; `payment_events` keeps them all. */
const CONTRADICTIONS_SHOWN = 100;

/**
 * The console's views of payments (docs/console.md): deposits, withdrawals with their waiting
 * four-eyes requests, a withdrawal for an act, and the reconciliation of the gateway against the
 * ledger. The routes parse and answer.
 */
export function createConsolePayments(
  { db, clock, operators }: Pick<ConsoleDeps, 'db' | 'clock' | 'operators'>,
  players: ConsolePlayers,
) {
  const playerIdOf = async (userName: string) => Number((await players.find(userName)).id);

  return {
    /** A withdrawal by id, or 404; `executor` reads it inside an act's transaction. */
    async withdrawal(withdrawId: number, executor: Db = db) {
      const row = await findWithdrawal(executor, withdrawId);
      if (!row) throw new AppError('NOT_FOUND', `No withdrawal has id ${withdrawId}`);
      return row;
    },

    async deposits(body: ParsedRequestOf<typeof api.adminDeposits>): Promise<DataOf<typeof api.adminDeposits>> {
      const paging = pagingOf(body);
      const window = body.from_date || body.to_date ? windowOf(body, clock.now()) : undefined;
      const { rows, total } = await listDeposits(
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
      return tableAnswer(
        rows.map((row) => ({
          order_id: row.order_id,
          user_name: row.user_name,
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
      const { rows, total } = await listWithdrawals(
        db,
        { status: body.status, userId: body.user_name ? await playerIdOf(body.user_name) : undefined },
        paging.limit,
        paging.offset,
      );
      const waiting = await Promise.all(
        rows.map((row) => operators.approvals.findPending('withdraw_approve', `withdraw:${row.id}`)),
      );
      return tableAnswer(
        rows.map((row, index) => ({
          withdraw_id: Number(row.id),
          user_name: row.user_name,
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
    async reconciliation(body: ParsedRequestOf<typeof api.adminReconciliation>): Promise<DataOf<typeof api.adminReconciliation>> {
      const { from, to } = windowOf(body, clock.now());
      const [sums, audit] = await Promise.all([reconciliationRows(db, from, to), auditLedger(db)]);
      const days = new Set<number>();
      for (const list of [sums.deposits, sums.paid, sums.postings]) for (const row of list) days.add(Number(row.day));
      const find = (list: { day: number; n: number }[], day: number) =>
        Number(list.find((row) => Number(row.day) === day)?.n ?? 0);
      const rows = [...days]
        .sort((a, b) => b - a)
        .map((day) => {
          const credited = find(sums.deposits, day);
          const paid = find(sums.paid, day);
          const depositPostings = Number(
            sums.postings.find((row) => Number(row.day) === day && row.kind === 'deposit_credit')?.n ?? 0,
          );
          const payoutPostings = Number(
            sums.postings.find((row) => Number(row.day) === day && row.kind === 'withdrawal_payout')?.n ?? 0,
          );
          return {
            day: dayText(day),
            deposits_credited: rupees(credited),
            deposit_postings: rupees(depositPostings),
            withdrawals_paid: rupees(paid),
            withdrawal_postings: rupees(payoutPostings),
            difference: rupees(credited - depositPostings + (paid - payoutPostings)),
          };
        });
      const contradictions = (await contradictingPayouts(db, from, to, CONTRADICTIONS_SHOWN)).map((row) => ({
        withdraw_id: Number(row.withdrawal.id),
        user_name: row.withdrawal.user_name,
        amount: rupees(row.withdrawal.amount),
        status: row.withdrawal.status,
        event: row.type,
        event_id: row.event_id,
        gateway: row.gateway,
        received_at: iso(row.received_at),
      }));
      return { rows, ledger_ok: audit.faults.length === 0, contradictions };
    },
  };
}
