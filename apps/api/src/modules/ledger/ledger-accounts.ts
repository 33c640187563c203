import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findUserById } from '../users';
import { InsufficientBalanceError } from './ledger-errors';
import { findAccountByKey, insertUserAccounts, type LedgerStatements, userAccountKey } from './ledger.repository';
import type { Book, UserAccountKind } from './ledger.table';

/**
 * An account named by what it is, never by id. A system account takes the book of the
 * transaction, so a play-money movement can only ever reach the play-money house.
 */
export type AccountRef =
  | { userId: number; kind: UserAccountKind }
  | { system: 'house' | 'payment_gateway' | 'withdrawals_pending' }
  | { system: 'game_provider'; code: string };

const PROVIDER_CODE = /^[a-z0-9_-]{1,40}$/;

export function systemAccountKey(ref: Exclude<AccountRef, { userId: number }>, book: Book): string {
  if (ref.system === 'game_provider') {
    if (!PROVIDER_CODE.test(ref.code)) throw new Error(`Invalid provider code "${ref.code}"`);
    return `game_provider:${ref.code}:${book}`;
  }
  return `${ref.system}:${book}`;
}

/** The account of a stored entry, named the way postings name accounts. */
export function accountRefOf(entry: { account_key: string; owner_user_id: number | null; kind: string }): AccountRef {
  if (entry.owner_user_id !== null) return { userId: Number(entry.owner_user_id), kind: entry.kind as UserAccountKind };
  if (entry.kind === 'game_provider') return { system: 'game_provider', code: entry.account_key.split(':')[1] ?? '' };
  return { system: entry.kind as 'house' | 'payment_gateway' | 'withdrawals_pending' };
}

export type LedgerAccounts = ReturnType<typeof createLedgerAccounts>;

/** The accounts a posting reaches: players' accounts opened on first use, system accounts by key. */
export function createLedgerAccounts(clock: Clock, { applyToStoredBalance }: LedgerStatements) {
  // System accounts are created by the migration or by openProviderAccount outside any
  // transaction, and never deleted, so their ids are safe to keep.
  const systemAccountIds = new Map<string, number>();

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

  return { systemAccountId, openUserAccounts, applyUserLeg };
}
