import type { Db } from '../../db/database';
import type { UserCache } from '../../db/user-cache';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/ids';
import {
  endLiveSessionRow,
  endSessionRow,
  endUserSessionRows,
  findSessionByTokenHash,
  insertSession,
  setCurrentSession,
  touchSession,
} from './sessions.repository';

/** Who is calling: set on `request.user` by the auth plugin. */
export interface SessionUser {
  userId: number;
  sessionId: number;
  userName: string;
  userTypeId: number;
  parentId: number | null;
  isDemo: boolean;
  isSignupUser: boolean;
  /** The user must change the password before anything else (is_change_password '1'). */
  mustChangePassword: boolean;
  /** Started during a time-out or self-exclusion: balance, statements and withdrawals only. */
  isRestricted: boolean;
  /** When the session's time limit ends it (epoch ms), or null. */
  limitEndsAt: number | null;
}

/** A live session as kept in memory for calls that may be answered from copies (the balance poll). */
export interface SessionCopy {
  user: SessionUser;
  lastSeenAt: number;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export type SessionEndReason =
  'logout' | 'password_changed' | 'password_reset' | 'disabled' | 'idle' | 'paused' | 'session_limit';

/** What responsible play sets on a session at its start (docs/responsible-play.md). */
export interface SessionTerms {
  restricted: boolean;
  limitEndsAt: number | null;
}

/** Activity is written at most this often per session: a busy player costs one write a minute. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;
const USER_AGENT_MAX_LENGTH = 300;

export interface SessionsService {
  /** Starts a session (inside the caller's transaction) and makes it the user's only live one. */
  start(db: Db, userId: number, client: ClientInfo, terms?: SessionTerms): Promise<{ token: string; sessionId: number }>;
  /** The live session of a bearer token, or a 401 refusal saying why there is none. */
  resolve(token: string | undefined, options: { countsAsActivity: boolean }): Promise<SessionUser>;
  /**
   * The in-memory copy of the token's live session, for calls that do not count as activity;
   * undefined when there is none that is sure to be good (then `resolve` decides).
   */
  copyOf(token: string | undefined): SessionUser | undefined;
  /** Ends a live session; false when it had ended already. */
  end(db: Db, sessionId: number, reason: SessionEndReason): Promise<boolean>;
  endAllOfUser(db: Db, userId: number, reason: SessionEndReason): Promise<void>;
}

export function clientInfo(ip: string, userAgent: string | undefined): ClientInfo {
  return { ip: ip.slice(0, 64), userAgent: (userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH) };
}

const expired = () => new AppError('SESSION_EXPIRED', 'Your session has expired. Please log in again.');
const elsewhere = () =>
  new AppError('LOGGED_IN_ELSEWHERE', 'You have been logged out because your account was logged in on another device.');
const limitReached = () =>
  new AppError('SESSION_LIMIT_REACHED', 'Your session reached the time limit you set. Take a break, then log in again.');

export interface SessionsOptions {
  idleMinutes: number;
  /**
   * Copies of live sessions by token hash (never the token: a heap dump must not hand out every
   * live session); without it every call reads the database.
   */
  copies?: UserCache<string, SessionCopy>;
}

/**
 * How often a session's last-seen time is written, for an idle limit: once a minute, or a quarter
 * of a shorter limit. The time seen may be that much behind the player's last call, so the
 * session ends only after the idle limit plus this much: an active player (calls less than the
 * limit apart) is never logged out, an inactive one at most this much late.
 */
export function lastSeenWriteIntervalMs(idleMs: number): number {
  return Math.min(LAST_SEEN_WRITE_INTERVAL_MS, Math.floor(idleMs / 4));
}

export function createSessionsService(db: Db, clock: Clock, options: SessionsOptions): SessionsService {
  const idleMs = options.idleMinutes * 60_000;
  const writeIntervalMs = lastSeenWriteIntervalMs(idleMs);
  const idleGraceMs = idleMs + writeIntervalMs;
  const { copies } = options;

  return {
    async start(trx, userId, client, terms) {
      const token = newToken();
      const now = clock.now();
      const sessionId = await insertSession(trx, {
        user_id: userId,
        token_hash: sha256Hex(token),
        created_at: now,
        last_seen_at: now,
        ip: client.ip,
        user_agent: client.userAgent,
        restricted: terms?.restricted ? 1 : 0,
        limit_ends_at: terms?.limitEndsAt ?? null,
      });
      await setCurrentSession(trx, userId, sessionId);
      return { token, sessionId };
    },

    copyOf(token) {
      if (!token || !copies) return undefined;
      const copy = copies.get(sha256Hex(token));
      if (!copy) return undefined;
      const now = clock.now();
      // A copy's last-seen time is never later than the row's: if it looks idle, ask the database.
      if (now - copy.lastSeenAt > idleMs) return undefined;
      // A session past its time limit is ended by the database read.
      return copy.user.limitEndsAt !== null && now >= copy.user.limitEndsAt ? undefined : copy.user;
    },

    async resolve(token, { countsAsActivity }) {
      if (!token) throw new AppError('SESSION_EXPIRED', 'Please log in to continue.');
      const tokenHash = sha256Hex(token);
      const ticket = copies?.ticket();
      const session = await findSessionByTokenHash(db, tokenHash);
      if (!session || session.ended_at !== null || session.is_disabled) throw expired();
      if (session.current_session_id !== session.id) throw elsewhere();
      const now = clock.now();
      // The time limit the player set is the reason a session ended, even if it also went idle.
      const limitEndsAt = session.limit_ends_at === null ? null : Number(session.limit_ends_at);
      if (limitEndsAt !== null && now >= limitEndsAt) {
        await endSessionRow(db, session.id, now, 'session_limit');
        throw limitReached();
      }
      if (now - session.last_seen_at > idleGraceMs) {
        await endSessionRow(db, session.id, now, 'idle');
        throw expired();
      }
      let lastSeenAt = session.last_seen_at;
      if (countsAsActivity && now - session.last_seen_at >= writeIntervalMs) {
        await touchSession(db, session.id, now);
        lastSeenAt = now;
      }
      const user: SessionUser = {
        userId: session.user_id,
        sessionId: session.id,
        userName: session.user_name,
        userTypeId: session.user_type_id,
        parentId: session.parent_id,
        isDemo: session.is_demo === 1,
        isSignupUser: session.is_signup_user === 1,
        mustChangePassword: session.is_change_password === 1,
        isRestricted: Number(session.restricted) === 1,
        limitEndsAt,
      };
      if (copies && ticket) copies.keep(ticket, tokenHash, user.userId, { user, lastSeenAt });
      return user;
    },

    end: (trx, sessionId, reason) => endLiveSessionRow(trx, sessionId, clock.now(), reason),
    endAllOfUser: (trx, userId, reason) => endUserSessionRows(trx, userId, clock.now(), reason),
  };
}
