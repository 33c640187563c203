import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import { reusableQuery } from '../../db/reusable-query';
import { userChangedColumn } from '../../db/user-changes';
import type { SessionsTable } from './sessions.table';

/** A session with what the auth hook needs of its user, found by token hash in one query. */
export interface SessionWithUser {
  id: number;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  ended_at: number | null;
  user_name: string;
  user_type_id: number;
  parent_id: number | null;
  is_demo: number;
  is_signup_user: number;
  is_change_password: number;
  is_disabled: number;
  current_session_id: number | null;
  restricted: number;
  limit_ends_at: number | null;
}

/** Runs on every authenticated call, so it is compiled once (see reusableQuery). */
const selectSessionByTokenHash = reusableQuery(
  (db: Db, tokenHash: string) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.user_id',
        's.created_at',
        's.last_seen_at',
        's.ended_at',
        'u.user_name',
        'u.user_type_id',
        'u.parent_id',
        'u.is_demo',
        'u.is_signup_user',
        'u.is_change_password',
        'u.is_disabled',
        'u.current_session_id',
        's.restricted',
        's.limit_ends_at',
      ])
      .where('s.token_hash', '=', tokenHash),
  ['\u0000token-hash-sentinel'] as const,
);

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionWithUser | undefined> {
  const [row] = await selectSessionByTokenHash(db, tokenHash);
  return row;
}

export async function insertSession(db: Db, session: Insertable<SessionsTable>): Promise<number> {
  const row = await db.insertInto('sessions').values(session).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/*
 * Every write below that can end a session's life tells the processes caching sessions
 * (userChangedColumn, db/user-changes.ts). touchSession does not: a cached last-seen time that
 * is too old only sends the next read to the database.
 */

/** Makes the session the user's one live session; a parallel login that runs later wins. */
export async function setCurrentSession(db: Db, userId: number, sessionId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ current_session_id: sessionId })
    .where('id', '=', userId)
    .returning(userChangedColumn('id'))
    .execute();
}

export async function touchSession(db: Db, sessionId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export async function endSessionRow(db: Db, sessionId: number, now: number, reason: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .returning(userChangedColumn('user_id'))
    .execute();
  await db.updateTable('users').set({ current_session_id: null }).where('current_session_id', '=', sessionId).execute();
}

/**
 * Ends the session if it is still live; false when it had ended already (a parallel logout, a
 * password change): the caller answers as if this call had come second.
 */
export async function endLiveSessionRow(db: Db, sessionId: number, now: number, reason: string): Promise<boolean> {
  const ended = await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .returning(userChangedColumn('user_id'))
    .execute();
  await db.updateTable('users').set({ current_session_id: null }).where('current_session_id', '=', sessionId).execute();
  return ended.length === 1;
}

export async function endUserSessionRows(db: Db, userId: number, now: number, reason: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ current_session_id: null })
    .where('id', '=', userId)
    .returning(userChangedColumn('id'))
    .execute();
  await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}

/** A session's start, time limit and last reality check (the responsible-play clock). */
export async function findSessionClock(db: Db, sessionId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'created_at', 'limit_ends_at', 'reality_checked_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

/** Sets when the user's live session ends by its time limit (null: no limit). */
export async function setLiveSessionLimit(db: Db, userId: number, endsAt: (startedAt: number) => number | null): Promise<void> {
  const live = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.current_session_id', 's.id')
    .select(['s.id', 's.created_at'])
    .where('u.id', '=', userId)
    .where('s.ended_at', 'is', null)
    .executeTakeFirst();
  if (!live) return;
  await db
    .updateTable('sessions')
    .set({ limit_ends_at: endsAt(Number(live.created_at)) })
    .where('id', '=', live.id)
    .returning(userChangedColumn('user_id'))
    .execute();
}

export async function setRealityChecked(db: Db, sessionId: number, at: number): Promise<void> {
  await db.updateTable('sessions').set({ reality_checked_at: at }).where('id', '=', sessionId).execute();
}

export async function countLiveSessions(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.current_session_id', 's.id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('u.id', '=', userId)
    .where('s.ended_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the user logged in from this address since `since` (a known address of the account). */
export async function hasRecentLoginFrom(db: Db, userId: number, ip: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
