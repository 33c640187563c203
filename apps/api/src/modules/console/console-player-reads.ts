import type { Db } from '../../db/database';
import type { ReportWindow } from '../../db/report-sql';
import { listUserActivity } from '../activity';
import { cashBalancesOf, pagePlayerEntries } from '../money';
import { operatorNames } from '../operators';
import { lastLoginsOf } from '../sessions';
import type { findPlayerByNameKey } from '../users';

/**
 * The console's reads of a player that join what several modules hold (docs/console.md): each
 * owner answers through its face (users, money, sessions, operators, activity) and they meet here.
 */

export type Account = NonNullable<Awaited<ReturnType<typeof findPlayerByNameKey>>>;
/** The console's player: the account (users), its cash balance (money) and its last login (sessions). */
export type PlayerRow = Account & { cash: number | null; last_login_at: number | null };

/** The accounts with what the money and sessions modules hold of each, in the accounts' order. */
export async function withBalanceAndLogin(db: Db, accounts: Account[]): Promise<PlayerRow[]> {
  const ids = accounts.map((account) => Number(account.id));
  const [cash, logins] = await Promise.all([cashBalancesOf(db, ids), lastLoginsOf(db, ids)]);
  return accounts.map((account) => ({
    ...account,
    cash: cash.get(Number(account.id)) ?? null,
    last_login_at: logins.get(Number(account.id)) ?? null,
  }));
}

/** A player's ledger entries, each with the name of the operator who posted it (if one did). */
export async function playerLedger(db: Db, userId: number, window: ReportWindow, limit: number, offset: number) {
  const { rows, total } = await pagePlayerEntries(db, userId, window, limit, offset);
  const names = await operatorNames(db, [
    ...new Set(rows.flatMap((row) => (row.operator_id === null ? [] : [Number(row.operator_id)]))),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      operator: row.operator_id === null ? null : (names.get(Number(row.operator_id)) ?? null),
    })),
    total,
  };
}

/** The player's activity log, in the shape of the other paged reads. */
export const playerActivity = (db: Db, userId: number, window: ReportWindow, limit: number, offset: number) =>
  listUserActivity(db, userId, window, { limit, offset });
