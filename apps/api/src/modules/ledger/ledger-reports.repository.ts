import type { PostingKind } from '@app/shared';
import type { Db } from '../../db/database';
import { dayOf, pageOf, type ReportWindow } from '../../db/report-sql';

/**
 * The ledger's reads for the operator console (docs/console.md), offered through the money
 * module's face: cash balances, a player's entries and the postings per day.
 */

/** Each player's cash balance (paise), by player id; absent: no cash account yet. */
export async function cashBalancesOf(db: Db, userIds: readonly number[]): Promise<Map<number, number | null>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['owner_user_id', 'balance'])
    .where('owner_user_id', 'in', unique)
    .where('kind', '=', 'cash')
    .execute();
  return new Map(rows.map((row) => [Number(row.owner_user_id), row.balance]));
}

/**
 * A page of a player's ledger entries in a window, newest first: each with its account's kind and
 * its transaction's kind, texts and operator (an id; the operators module names it).
 */
export async function pagePlayerEntries(db: Db, userId: number, window: ReportWindow, limit: number, offset: number) {
  const base = () =>
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .where('a.owner_user_id', '=', userId)
      .where('e.created_at', '>=', window.from)
      .where('e.created_at', '<', window.to);
  return pageOf(base, (query) =>
    query
      .select([
        'e.id',
        'e.created_at',
        'e.amount',
        'a.kind as account',
        't.kind',
        't.note',
        't.subject',
        't.reference',
        't.operator_id',
      ])
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}

/** Per day and kind in a window: what postings of these kinds credited (their positive legs, paise). */
export async function dailyPostingCredits(db: Db, kinds: readonly PostingKind[], window: ReportWindow) {
  if (kinds.length === 0) return [];
  return db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
    .select([dayOf('t.created_at').as('day'), 't.kind', (eb) => eb.fn.sum<number>('e.amount').as('n')])
    .where('t.kind', 'in', [...kinds])
    .where('e.amount', '>', 0)
    .where('t.created_at', '>=', window.from)
    .where('t.created_at', '<', window.to)
    .groupBy([dayOf('t.created_at'), 't.kind'])
    .execute();
}
