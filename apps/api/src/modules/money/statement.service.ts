import {
  type DataOf,
  type LedgerWallet,
  MAX_REPORT_RANGE_DAYS,
  MAX_STATEMENT_LINE_ENTRIES,
  type PostingKind,
  type ReportQuery,
  type StatementDetail,
  type StatementEntry,
  type StatementMovement,
  type StatementRow,
  type SubjectKind,
  type accountStatement,
  paiseToRupees,
  subjectKindOf,
} from '@app/shared';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import {
  listStatementEntries,
  listUserAccounts,
  pageStatementLines,
  statementBalanceAfter,
  type StatementWindow,
  totalStatementLines,
} from '../ledger';
import { pagingOf, resolveReportQuery } from './report-query';

export type AccountStatement = DataOf<typeof accountStatement>;

/**
 * A subject as the module that owns it names it: the text ('India v Australia · Match Odds', a
 * game's name, 'Withdrawal 12 to UPI a@okaxis: paid') and, for the site to write it in the player's
 * language, its parts (docs/wallet.md "Account statement").
 */
export type SubjectDescription = string | { text: string; detail: StatementDetail };

/** Names the subjects of one kind for the statement. */
export type SubjectDescriber = (db: Db, userId: number, subjects: string[]) => Promise<Map<string, SubjectDescription>>;

export interface StatementReader {
  /** Lets the module that owns a kind of subject name it (bets: markets and fancy lines; casino: rounds). */
  describeSubjects(kind: SubjectKind, describer: SubjectDescriber): void;
  read(userId: number, query: ReportQuery): Promise<AccountStatement>;
}

const DAY_MS = 86_400_000;
/**
 * A line folds its subject's movements from this far before the chosen dates: a market settled
 * today shows the holds of the bets placed days ago. Bounded, so a statement reads at most twice
 * the longest range (docs/wallet.md, "Account statement").
 */
const LINE_LOOKBACK_MS = MAX_REPORT_RANGE_DAYS * DAY_MS;
const HELD_WALLETS: ReadonlySet<string> = new Set(['exposure', 'bonus_exposure']);
const BONUS_WALLETS: ReadonlySet<string> = new Set(['split_bonus', 'wager_bonus']);

type EntryRow = Awaited<ReturnType<typeof listStatementEntries>>[number];

function entryOf(row: EntryRow): StatementEntry {
  const amount = Number(row.amount);
  return {
    id: Number(row.id),
    date: new Date(Number(row.created_at)).toISOString(),
    kind: row.kind,
    wallet: row.wallet as LedgerWallet,
    credit: amount > 0 ? paiseToRupees(amount) : 0,
    debit: amount < 0 ? paiseToRupees(-amount) : 0,
    balance: paiseToRupees(Number(row.balance_after ?? 0)),
  };
}

/** A line's entries as its movements: one per ledger transaction, newest first, what each changed. */
function movementsOf(entries: readonly EntryRow[]): StatementMovement[] {
  const byTransaction = new Map<number, { first: EntryRow; amount: number; cash: number; held: number; bonus: number }>();
  for (const entry of entries) {
    const id = Number(entry.transaction_id);
    const amount = Number(entry.amount);
    const movement = byTransaction.get(id) ?? { first: entry, amount: 0, cash: 0, held: 0, bonus: 0 };
    movement.amount += amount;
    if (entry.wallet === 'cash') movement.cash += amount;
    else if (HELD_WALLETS.has(entry.wallet)) movement.held += amount;
    else if (BONUS_WALLETS.has(entry.wallet)) movement.bonus += amount;
    byTransaction.set(id, movement);
  }
  return [...byTransaction].map(([id, movement]) => ({
    id,
    date: new Date(Number(movement.first.created_at)).toISOString(),
    kind: movement.first.kind,
    amount: paiseToRupees(movement.amount),
    cash: paiseToRupees(movement.cash),
    held: paiseToRupees(movement.held),
    bonus: paiseToRupees(movement.bonus),
  }));
}

/**
 * The player's account statement: one line per posting, or per market, fancy line or casino
 * round with every movement of it folded in (holds, releases, the result), as Betfair's does.
 */
export function createStatementReader(db: Db, clock: Clock): StatementReader {
  const describers = new Map<SubjectKind, SubjectDescriber>();

  async function describe(userId: number, subjects: string[]): Promise<Map<string, SubjectDescription>> {
    const names = new Map<string, SubjectDescription>();
    const byKind = new Map<SubjectKind, string[]>();
    for (const subject of subjects) {
      const kind = subjectKindOf(subject);
      if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), subject]);
    }
    for (const [kind, list] of byKind) {
      const describer = describers.get(kind);
      if (describer) for (const [subject, name] of await describer(db, userId, list)) names.set(subject, name);
    }
    return names;
  }

  return {
    describeSubjects(kind, describer) {
      describers.set(kind, describer);
    },

    async read(userId, query) {
      const resolved = resolveReportQuery(query, clock.now());
      const window: StatementWindow = {
        startMs: resolved.startMs,
        endMs: resolved.endMs,
        sinceMs: resolved.startMs - LINE_LOOKBACK_MS,
      };
      const accountIds = (await listUserAccounts(db, userId)).map((account) => Number(account.id));
      const [lines, totals] = await Promise.all([
        pageStatementLines(db, accountIds, window, resolved.offset, resolved.limit),
        totalStatementLines(db, accountIds, window),
      ]);
      const subjects = lines.flatMap((line) => (line.subject === null ? [] : [line.subject]));
      const [entries, names] = await Promise.all([
        listStatementEntries(
          db,
          accountIds,
          { subjects, transactionIds: lines.filter((line) => line.subject === null).map((line) => line.firstId) },
          window.sinceMs,
        ),
        describe(userId, subjects),
      ]);
      const entriesByLine = new Map<string, EntryRow[]>();
      for (const entry of entries) {
        const key = entry.subject ?? `tx:${Number(entry.transaction_id)}`;
        const list = entriesByLine.get(key);
        if (list) list.push(entry);
        else entriesByLine.set(key, [entry]);
      }

      // Each line's balance: the newest line's, then down the page less each line's amount, so every
      // line's amount is exactly the move from the line below (docs/wallet.md "Account statement").
      let balance = lines[0] ? await statementBalanceAfter(db, accountIds, lines[0].lastEntryId) : 0;
      const rows = lines.map((line): StatementRow => {
        const balanceAfter = balance;
        balance -= line.amount;
        const own = entriesByLine.get(line.subject ?? `tx:${line.firstId}`) ?? [];
        const latest = own[0];
        // The line's wallet: cash, unless it is a posting of its own that touches only a bonus wallet.
        const touchesCash = line.subject !== null || own.some((entry) => entry.wallet === 'cash');
        const shown = own.find((entry) => (touchesCash ? entry.wallet === 'cash' : !HELD_WALLETS.has(entry.wallet))) ?? latest;
        const named = line.subject === null ? undefined : names.get(line.subject);
        const description = line.subject === null ? (latest?.note ?? '') : typeof named === 'object' ? named.text : (named ?? '');
        return {
          id: line.firstId,
          date: new Date(line.lastAt).toISOString(),
          kind: (latest?.kind ?? 'operator_credit') satisfies PostingKind,
          subject: line.subject,
          description,
          detail: typeof named === 'object' ? named.detail : null,
          reference: latest?.reference ?? '',
          wallet: (shown?.wallet ?? 'cash') as LedgerWallet,
          credit: line.amount > 0 ? paiseToRupees(line.amount) : 0,
          debit: line.amount < 0 ? paiseToRupees(-line.amount) : 0,
          balance: paiseToRupees(balanceAfter),
          is_open: line.held > 0,
          released: paiseToRupees(line.released),
          movements: movementsOf(own).slice(0, MAX_STATEMENT_LINE_ENTRIES),
          entry_count: line.entryCount,
          entries: own.slice(0, MAX_STATEMENT_LINE_ENTRIES).map(entryOf),
        };
      });
      return {
        ...pagingOf(resolved, totals.rows),
        rows,
        totals: { credit: paiseToRupees(totals.credit), debit: paiseToRupees(totals.debit) },
      };
    },
  };
}
