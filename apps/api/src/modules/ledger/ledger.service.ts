import type { PostingKind } from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type AccountRef, accountRefOf, createLedgerAccounts, systemAccountKey } from './ledger-accounts';
import { createLedgerPost, type Posting, type PostResult } from './ledger-post';
import { createLedgerStatements, insertSystemAccount, listTransactionEntries } from './ledger.repository';
import type { Book } from './ledger.table';

export type { AccountRef } from './ledger-accounts';
export { BALANCE_CHANGED_TOPIC, type Leg, type Posting, type PostResult } from './ledger-post';
export { DuplicatePostingError, InsufficientBalanceError } from './ledger-errors';

export interface TransferInput extends Omit<Posting, 'legs'> {
  from: AccountRef;
  to: AccountRef;
  amount: number;
}

export interface ReversalInput {
  /** The transaction to reverse; each is reversed at most once (a unique link in the database). */
  transactionId: number;
  kind: PostingKind;
  reference: string;
  userId: number | null;
  note?: string | null;
  subject?: string | null;
}

/**
 * The ledger is private to the money module (modules/money): its verbs are the only callers, so
 * every movement is decided in one place.
 */
export interface Ledger {
  /**
   * Writes one balanced transaction. `db` must be a money transaction holding the lock of every
   * player it touches (fails fast otherwise). A (kind, reference) that was written before is
   * refused: DuplicatePostingError.
   */
  post(db: Db, posting: Posting): Promise<PostResult>;
  /** Writes the exact opposite of an earlier transaction, linked to it. */
  reverse(db: Db, input: ReversalInput): Promise<PostResult>;
  /** Moves a positive amount from one account to another. */
  transfer(db: Db, input: TransferInput): Promise<PostResult>;
  /** A player's accounts exist once this resolves (creating them is idempotent). */
  openUserAccounts(db: Db, userId: number): Promise<Book>;
  /** Registers a game provider's account in a book; call outside any transaction. */
  openProviderAccount(db: Db, code: string, book: Book): Promise<void>;
}

/**
 * The one writer of ledger entries: nothing else changes a balance (docs/adr/0004-double-entry-ledger.md).
 * Players' accounts keep a stored balance changed by a guarded UPDATE; system accounts are
 * unbounded and store none, so the house is never a row every bet must lock.
 */
export function createLedger(clock: Clock): Ledger {
  const statements = createLedgerStatements();
  const accounts = createLedgerAccounts(clock, statements);
  const { openUserAccounts } = accounts;
  const post = createLedgerPost(clock, statements, accounts);

  async function reverse(db: Db, input: ReversalInput): Promise<PostResult> {
    const entries = await listTransactionEntries(db, input.transactionId);
    if (entries.length === 0) throw new AppError('NOT_FOUND', `No ledger transaction ${input.transactionId}`);
    const legs = entries.map((entry) => ({ account: accountRefOf(entry), amount: -Number(entry.amount) }));
    return post(
      db,
      {
        kind: input.kind,
        reference: input.reference,
        userId: input.userId,
        note: input.note ?? null,
        subject: input.subject ?? null,
        legs,
      },
      input.transactionId,
    );
  }

  return {
    post: (db, posting) => post(db, posting),
    reverse,
    async transfer(db, input) {
      const { amount } = input;
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`A transfer needs a positive amount, not ${amount}`);
      // Field by field: a copy with a rest pattern cost a microsecond of every transfer.
      return post(db, {
        kind: input.kind,
        reference: input.reference,
        userId: input.userId,
        sessionId: input.sessionId,
        book: input.book,
        note: input.note,
        subject: input.subject,
        operatorId: input.operatorId,
        legs: [
          { account: input.from, amount: -amount },
          { account: input.to, amount },
        ],
      });
    },
    openUserAccounts,
    async openProviderAccount(db, code, book) {
      const key = systemAccountKey({ system: 'game_provider', code }, book);
      await insertSystemAccount(db, { account_key: key, kind: 'game_provider', book }, clock.now());
    },
  };
}
