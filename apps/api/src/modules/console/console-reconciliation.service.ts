import { type adminEndpoints as api, type DataOf, type ParsedRequestOf } from '@app/shared';
import { auditLedger, dailyPostingCredits } from '../money';
import { contradictingPayouts, dailyPayments } from '../payments';
import { userNamesByIds } from '../users';
import type { ConsoleDeps } from './console-deps';
import { dayText, iso, rupees, windowOf } from './console-support';

/** The newest contradictions the reconciliation screen lists; `payment_events` keeps them all. */
const CONTRADICTIONS_SHOWN = 100;

/**
 * The reconciliation of the gateway against the ledger (docs/console.md): the payments module's
 * sums per day beside the money module's postings of the same kinds, the ledger's audit, and the
 * gateway's contradicting answers. The routes parse and answer.
 */
export function createConsoleReconciliation({ db, clock }: Pick<ConsoleDeps, 'db' | 'clock'>) {
  return {
    /** `adminReconciliation` */
    async reconciliation(body: ParsedRequestOf<typeof api.adminReconciliation>): Promise<DataOf<typeof api.adminReconciliation>> {
      const { from, to } = windowOf(body, clock.now());
      const [payments, postings, audit] = await Promise.all([
        dailyPayments(db, from, to),
        dailyPostingCredits(db, ['deposit_credit', 'withdrawal_payout'], { from, to }),
        auditLedger(db),
      ]);
      const sums = { deposits: payments.deposits, paid: payments.withdrawals, postings };
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
      const contradicting = await contradictingPayouts(db, from, to, CONTRADICTIONS_SHOWN);
      const names = await userNamesByIds(
        db,
        contradicting.map((row) => Number(row.withdrawal.user_id)),
      );
      const contradictions = contradicting.map((row) => ({
        withdraw_id: Number(row.withdrawal.id),
        user_name: names.get(Number(row.withdrawal.user_id)) ?? '',
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
