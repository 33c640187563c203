import { type DataOf, type LedgerWallet, type ReportQuery, type accountStatement, paiseToRupees } from '@app/shared';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { listUserAccounts } from '../ledger/ledger.repository';
import { pagingOf, resolveReportQuery } from './report-query';
import { pageStatement, totalStatement } from './wallet.repository';

export type AccountStatement = DataOf<typeof accountStatement>;

/** The player's account statement: every ledger movement of their accounts with the balance after it. */
export async function readAccountStatement(db: Db, clock: Clock, userId: number, query: ReportQuery): Promise<AccountStatement> {
  const resolved = resolveReportQuery(query, clock.now());
  const accountIds = (await listUserAccounts(db, userId)).map((account) => Number(account.id));
  const [rows, totals] = await Promise.all([
    pageStatement(db, accountIds, resolved, resolved.offset, resolved.limit),
    totalStatement(db, accountIds, resolved),
  ]);
  return {
    ...pagingOf(resolved, totals.rows),
    rows: rows.map((row) => {
      const amount = Number(row.amount);
      return {
        id: Number(row.id),
        date: new Date(Number(row.created_at)).toISOString(),
        kind: row.kind,
        // A person's words where there are some (an operator's reason), else the machine's reference.
        reference: row.note ?? row.reference,
        wallet: row.wallet as LedgerWallet,
        credit: amount > 0 ? paiseToRupees(amount) : 0,
        debit: amount < 0 ? paiseToRupees(-amount) : 0,
        balance: paiseToRupees(Number(row.balance_after ?? 0)),
      };
    }),
    totals: { credit: paiseToRupees(totals.credit), debit: paiseToRupees(totals.debit) },
  };
}
