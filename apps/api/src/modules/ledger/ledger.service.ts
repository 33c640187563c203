import { isPostingKind, MAX_AMOUNT_PAISE, type PostingKind } from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  createLedgerStatements,
  findAccountByKey,
  insertSystemAccount,
  insertUserAccounts,
  listTransactionEntries,
  userAccountKey,
} from './ledger.repository';
import { isUniqueViolation } from '../../db/errors';
import { readTogether } from '../../db/reusable-query';
import { appendOutboxEvent } from '../../db/outbox';
import { assertPlayerLocked, type Tx } from '../../db/unit-of-work';
import { findUserById } from '../users';
import type { Book, UserAccountKind } from './ledger.table';

/** The outbox topic of every posting that touched a player: `{ user_ids, transaction_id }`. */
export const BALANCE_CHANGED_TOPIC = 'balance.changed';

/**
 * An account named by what it is, never by id. A system account takes the book of the
 * transaction, so a play-money movement can only ever reach the play-money house.
 */
export type AccountRef =
  | { userId: number; kind: UserAccountKind }
  | { system: 'house' | 'payment_gateway' | 'withdrawals_pending' }
  | { system: 'game_provider'; code: string };

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

export class InsufficientBalanceError extends AppError {
  constructor(readonly accountKey: string) {
    super('INSUFFICIENT_BALANCE', 'Insufficient balance');
  }
}

/** A (kind, reference) or a reversal that was already written: the database says "once". */
export class DuplicatePostingError extends AppError {
  constructor(kind: string, reference: string) {
    super('CONFLICT', `This was already recorded (${kind} ${reference})`);
  }
}

const PROVIDER_CODE = /^[a-z0-9_-]{1,40}$/;

function systemAccountKey(ref: Exclude<AccountRef, { userId: number }>, book: Book): string {
  if (ref.system === 'game_provider') {
    if (!PROVIDER_CODE.test(ref.code)) throw new Error(`Invalid provider code "${ref.code}"`);
    return `game_provider:${ref.code}:${book}`;
  }
  return `${ref.system}:${book}`;
}

/** The account of a stored entry, named the way postings name accounts. */
function accountRefOf(entry: { account_key: string; owner_user_id: number | null; kind: string }): AccountRef {
  if (entry.owner_user_id !== null) return { userId: Number(entry.owner_user_id), kind: entry.kind as UserAccountKind };
  if (entry.kind === 'game_provider') return { system: 'game_provider', code: entry.account_key.split(':')[1] ?? '' };
  return { system: entry.kind as 'house' | 'payment_gateway' | 'withdrawals_pending' };
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

/**
 * The one writer of ledger entries: nothing else changes a balance (docs/adr/0004-double-entry-ledger.md).
 * Players' accounts keep a stored balance changed by a guarded UPDATE; system accounts are
 * unbounded and store none, so the house is never a row every bet must lock.
 */
export function createLedger(clock: Clock): Ledger {
  // System accounts are created by the migration or by openProviderAccount outside any
  // transaction, and never deleted, so their ids are safe to keep.
  const systemAccountIds = new Map<string, number>();
  const { applyToStoredBalance, insertTransaction, insertEntries } = createLedgerStatements();

  async function systemAccountId(db: Db, key: string): Promise<number> {
    const cached = systemAccountIds.get(key);
    if (cached !== undefined) return cached;
    const row = await findAccountByKey(db, key);
    if (!row) {
      if (key === 'payment_gateway:play' || key === 'withdrawals_pending:play') {
        throw new AppError('REFUSED', 'Play money cannot be deposited or withdrawn');
      }
      throw new Error(`No ledger account ${key}`);
    }
    systemAccountIds.set(key, Number(row.id));
    return Number(row.id);
  }

  async function openUserAccounts(db: Db, userId: number): Promise<Book> {
    const existing = await findAccountByKey(db, userAccountKey(userId, 'cash'));
    if (existing) return existing.book;
    // A demo player's postings go to the play-money book (the users module says who is one).
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('NOT_FOUND', `No user has id ${userId}`);
    const book: Book = Number(user.is_demo) === 1 ? 'play' : 'real';
    await insertUserAccounts(db, userId, book, clock.now());
    return book;
  }

  async function applyUserLeg(db: Db, key: string, userId: number, amount: number) {
    const applied = await applyToStoredBalance(db, key, amount);
    if (applied) return applied;
    if (!(await findAccountByKey(db, key))) {
      await openUserAccounts(db, userId);
      const retried = await applyToStoredBalance(db, key, amount);
      if (retried) return retried;
    }
    throw new InsufficientBalanceError(key);
  }

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
