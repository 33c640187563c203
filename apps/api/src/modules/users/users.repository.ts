import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import { userChangedColumn } from '../../db/user-changes';
import type { UserRow, UsersTable } from './users.table';

export async function findUserByNameKey(db: Db, userNameKey: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_name_key', '=', userNameKey).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, user: Insertable<UsersTable>): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id').execute();
}

/** At most two rows: login by email works only when one account has that email. */
export async function findUsersByEmail(db: Db, email: string): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).limit(2).execute();
}

export async function findUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

export async function updatePasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  options: { mustChangePassword: boolean },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, is_change_password: options.mustChangePassword ? 1 : 0 })
    .where('id', '=', userId)
    .returning(userChangedColumn('id'))
    .execute();
}

/**
 * A password change checked against the old password: stores the new hash only while the stored
 * one is still `expectedHash`. False when a parallel change won (the row waits for it on
 * PostgreSQL, then no longer matches).
 */
export async function replacePasswordHashIfUnchanged(
  db: Db,
  userId: number,
  expectedHash: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, is_change_password: 0 })
    .where('id', '=', userId)
    .where('password_hash', '=', expectedHash)
    .returning(userChangedColumn('id'))
    .execute();
  return rows.length === 1;
}

export async function setUserDisabled(db: Db, userId: number, isDisabled: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_disabled: isDisabled ? 1 : 0 })
    .where('id', '=', userId)
    .returning(userChangedColumn('id'))
    .execute();
}

/** The user must change the password at the next login (an operator's order). */
export async function setMustChangePassword(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_change_password: 1 })
    .where('id', '=', userId)
    .returning(userChangedColumn('id'))
    .execute();
}
