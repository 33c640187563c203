import { type DataOf, type depositStatement, paiseToRupees, type ReportQuery, type withdrawStatement } from '@app/shared';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { pagingOf, resolveReportQuery, type SubjectDescriber, type SubjectDescription } from '../money';
import type { SettingsService } from '../settings';
import { assertCanUsePayments, type PaymentCaller } from './payment-access';
import {
  depositTotals,
  listDepositsByOrder,
  listWithdrawalsById,
  netDeposits,
  pageDeposits,
  pageWithdrawals,
  withdrawalTotals,
} from './payments.repository';
import { toWithdrawRow } from './withdrawals.service';

export interface PaymentReports {
  depositStatement(caller: PaymentCaller, query: ReportQuery): Promise<DataOf<typeof depositStatement>>;
  withdrawStatement(caller: PaymentCaller, query: ReportQuery): Promise<DataOf<typeof withdrawStatement>>;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * The deposit and withdraw statements (docs/payments.md, "Statements"): the account statement's
 * query and paging; rows by the day they were asked for, newest first; totals over the range; and
 * net deposits, what was credited minus what was paid out in the range.
 */
export function createPaymentReports(db: Db, clock: Clock, settings: SettingsService): PaymentReports {
  return {
    async depositStatement(caller, query) {
      await assertCanUsePayments(settings, caller);
      const resolved = resolveReportQuery(query, clock.now());
      const window = { startMs: resolved.startMs, endMs: resolved.endMs };
      const [rows, totals, net] = await Promise.all([
        pageDeposits(db, caller.userId, window, resolved.offset, resolved.limit),
        depositTotals(db, caller.userId, window),
        netDeposits(db, caller.userId, window),
      ]);
      return {
        ...pagingOf(resolved, totals.rows),
        rows: rows.map((row) => ({
          order_id: row.order_id,
          status: row.status,
          amount: paiseToRupees(Number(row.amount)),
          method: row.method,
          created_at: iso(row.created_at),
          updated_at: iso(row.updated_at),
        })),
        totals: { credited: paiseToRupees(totals.credited), pending: paiseToRupees(totals.pending) },
        net_deposits: paiseToRupees(net),
      };
    },

    async withdrawStatement(caller, query) {
      await assertCanUsePayments(settings, caller);
      const resolved = resolveReportQuery(query, clock.now());
      const window = { startMs: resolved.startMs, endMs: resolved.endMs };
      const [rows, totals, net] = await Promise.all([
        pageWithdrawals(db, caller.userId, window, resolved.offset, resolved.limit),
        withdrawalTotals(db, caller.userId, window),
        netDeposits(db, caller.userId, window),
      ]);
      return {
        ...pagingOf(resolved, totals.rows),
        rows: rows.map(toWithdrawRow),
        totals: { paid: paiseToRupees(totals.paid), pending: paiseToRupees(totals.pending) },
        net_deposits: paiseToRupees(net),
      };
    },
  };
}

const METHOD_NAMES = { upi: 'UPI', card: 'card', netbanking: 'net banking' } as const;

/**
 * Names payments on the account statement ('Deposit D… by UPI: credited', 'Withdrawal 12 to UPI
 * a@b: paid'), with their state now, so a withdrawal's line says when it was paid.
 */
export const describePayments: SubjectDescriber = async (db, userId, subjects) => {
  const names = new Map<string, SubjectDescription>();
  const orderIds = subjects.flatMap((subject) => (subject.startsWith('payment:deposit:') ? [subject.slice(16)] : []));
  const withdrawIds = subjects.flatMap((subject) =>
    /^payment:withdraw:\d{1,15}$/.test(subject) ? [Number(subject.slice(17))] : [],
  );
  if (orderIds.length > 0) {
    const rows = await listDepositsByOrder(db, userId, orderIds);
    for (const row of rows) {
      names.set(`payment:deposit:${row.order_id}`, {
        text: `Deposit ${row.order_id} by ${METHOD_NAMES[row.method]}: ${row.status}`,
        detail: { type: 'deposit', order_id: row.order_id, method: row.method, state: row.status },
      });
    }
  }
  if (withdrawIds.length > 0) {
    const rows = await listWithdrawalsById(db, userId, withdrawIds);
    for (const row of rows) {
      names.set(`payment:withdraw:${row.id}`, {
        text: `Withdrawal ${row.id} to ${row.destination_label}: ${row.status}`,
        detail: { type: 'withdrawal', withdraw_id: Number(row.id), destination: row.destination_label, state: row.status },
      });
    }
  }
  return names;
};
