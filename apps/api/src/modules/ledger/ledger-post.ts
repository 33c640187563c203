import { isPostingKind, MAX_AMOUNT_PAISE, type PostingKind } from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { appendOutboxEvent } from '../../db/outbox';
import { readTogether } from '../../db/reusable-query';
import { assertPlayerLocked, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type AccountRef, type LedgerAccounts, systemAccountKey } from './ledger-accounts';
import { DuplicatePostingError } from './ledger-errors';
import { type LedgerStatements, userAccountKey } from './ledger.repository';
import type { Book } from './ledger.table';

/** The outbox topic of every posting that touched a player: `{ user_ids, transaction_id }`. */
export const BALANCE_CHANGED_TOPIC = 'balance.changed';

export interface Leg {
  account: AccountRef;
  /** Signed integer paise: positive raises the account's balance. */
  amount: number;
}

export interface Posting {
  /** What caused it: one of the closed list (packages/shared/src/domain/postings.ts). */
  kind: PostingKind;
  /** The caller's reference: a bet id, a bonus id, an operator's reason. */
  reference: string;
  /** The player the movement is about, if any. */
  userId: number | null;
  /** The session that caused it (null for operators and jobs). */
  sessionId?: string | null;
  /** Needed only when no player's account takes part. */
  book?: Book;
  /** What a person wrote about it (an operator's reason). */
  note?: string | null;
  /** What it belongs to (a market, a fancy line, a casino round): the statement folds by it. */
  subject?: string | null;
  /** The operator who made it (docs/operators.md); null for players, jobs and feeds. */
  operatorId?: number | null;
  legs: Leg[];
}

export interface PostResult {
  transactionId: number;
  book: Book;
  /** Balance after the posting of each player's account it touched, by `u:{id}:{kind}` key. */
  balances: Map<string, number>;
}

function validate(posting: Posting): void {
  if (posting.legs.length < 2) throw new Error('A ledger transaction needs at least two legs');
  let sum = 0;
  for (const leg of posting.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0 || Math.abs(leg.amount) > MAX_AMOUNT_PAISE) {
      throw new Error(`Invalid ledger amount ${leg.amount}`);
    }
    sum += leg.amount;
  }
  if (sum !== 0) throw new Error(`Ledger legs sum to ${sum}, not 0`);
  if (!isPostingKind(posting.kind)) throw new Error(`Unknown ledger posting kind "${String(posting.kind)}"`);
  if (!posting.reference || posting.reference.length > 200) throw new Error('A ledger reference is 1 to 200 characters');
  if (posting.note && posting.note.length > 200) throw new Error('A ledger note is at most 200 characters');
}

/** Writes one balanced transaction, its entries and its outbox event (docs/adr/0004-double-entry-ledger.md). */
export function createLedgerPost(
  clock: Clock,
  { insertTransaction, insertEntries }: LedgerStatements,
  { systemAccountId, applyUserLeg }: LedgerAccounts,
) {
  async function post(db: Db, posting: Posting, reverses: number | null = null): Promise<PostResult> {
    if (!db.isTransaction) throw new Error('ledger.post must run inside the caller’s transaction');
    validate(posting);
    const userLegs: { userId: number; key: string; amount: number }[] = [];
    for (const { account, amount } of posting.legs) {
      if (!('userId' in account)) continue;
      // Whatever decided this movement read the player's money under their lock (docs/adr/0009).
      assertPlayerLocked(db, account.userId);
      userLegs.push({ userId: account.userId, key: userAccountKey(account.userId, account.kind), amount });
    }
    // One lock order for every writer: no two transactions can wait on each other.
    userLegs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (let index = 1; index < userLegs.length; index += 1) {
      if (userLegs[index]?.key === userLegs[index - 1]?.key) throw new Error('An account appears twice');
    }

    let book = posting.book;
    const entries: { accountId: number; amount: number; balanceAfter: number | null }[] = [];
    const balances = new Map<string, number>();
    // Sent together in key order (one round trip on PostgreSQL, which runs them in that order).
    const appliedLegs = await readTogether(
      db,
      userLegs.map((leg) => () => applyUserLeg(db, leg.key, leg.userId, leg.amount)),
    );
    for (const [index, leg] of userLegs.entries()) {
      const applied = appliedLegs[index]!;
      if (book === undefined) book = applied.book;
      // The books never meet: a play-money account cannot join a real-money transaction.
      if (applied.book !== book) throw new AppError('REFUSED', 'Play money and real money never mix');
      entries.push({ accountId: applied.id, amount: leg.amount, balanceAfter: applied.balance });
      balances.set(leg.key, applied.balance);
    }
    if (book === undefined) throw new Error('A transaction without a player needs a book');
    for (const leg of posting.legs) {
      if ('userId' in leg.account) continue;
      const accountId = await systemAccountId(db, systemAccountKey(leg.account, book));
      if (entries.some((entry) => entry.accountId === accountId)) throw new Error('An account appears twice');
      entries.push({ accountId, amount: leg.amount, balanceAfter: null });
    }

    const now = clock.now();
    let transactionId: number;
    try {
      transactionId = await insertTransaction(db, {
        kind: posting.kind,
        reference: posting.reference,
        book,
        user_id: posting.userId,
        session_id: posting.sessionId ?? null,
        note: posting.note ?? null,
        reverses_transaction_id: reverses,
        subject: posting.subject ?? null,
        created_at: now,
        operator_id: posting.operatorId ?? null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicatePostingError(posting.kind, posting.reference);
      throw error;
    }
    // Balance push and other instances' listeners learn of it once it commits (the outbox).
    if (balances.size > 0) {
      const userIds = [...new Set(userLegs.map((leg) => leg.userId))];
      await appendOutboxEvent(db as Tx, BALANCE_CHANGED_TOPIC, { user_ids: userIds, transaction_id: transactionId }, now);
    }
    await insertEntries(
      db,
      entries.map((entry) => ({
        transaction_id: transactionId,
        account_id: entry.accountId,
        book: book as Book,
        amount: entry.amount,
        balance_after: entry.balanceAfter,
        created_at: now,
      })),
    );
    return { transactionId, book, balances };
  }

  return post;
}
