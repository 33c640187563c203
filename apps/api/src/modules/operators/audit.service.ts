import type { AuditRow } from '@app/shared';
import type { Db } from '../../db/database';
import { findUserByNameKey, userNameKey } from '../users';
import { type AuditFilter, insertAudit, listAudit } from './operators.repository';
import type { OperatorActor } from './operators.service';

const MAX_JSON_CHARS = 8_000;

function json(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value);
  return text.length > MAX_JSON_CHARS ? `${text.slice(0, MAX_JSON_CHARS)}…` : text;
}

/** What one operator act writes to the append-only audit log (docs/operators.md, "Audit log"). */
export interface AuditEntry {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  /**
   * The player the act is about, so the console's filter by player finds it whoever wrote it: their
   * id, or their name. Unsaid: the player of a `user:NAME` target, else none.
   */
  subject?: { userId: number } | { userName: string } | null;
}

/** The player's id an entry is about, read in the act's own executor (its transaction), or null. */
async function subjectOf(executor: Db, entry: AuditEntry): Promise<number | null> {
  const subject =
    entry.subject === undefined && entry.target.startsWith('user:') ? { userName: entry.target.slice(5) } : entry.subject;
  if (!subject) return null;
  if ('userId' in subject) return subject.userId;
  const user = await findUserByNameKey(executor, userNameKey(subject.userName));
  return user ? Number(user.id) : null;
}

export interface AuditLog {
  /** Writes one row; pass the act's transaction when it has one, so both commit or neither. */
  record(actor: OperatorActor, entry: AuditEntry, executor?: Db): Promise<void>;
  list(filter: AuditFilter, page: number, limit: number): Promise<{ rows: AuditRow[]; total: number }>;
}

export function createAuditLog(db: Db, now: () => number): AuditLog {
  return {
    async record(actor, entry, executor = db) {
      await insertAudit(executor, {
        at: now(),
        operator_id: actor.operatorId,
        operator_name: actor.name,
        action: entry.action.slice(0, 60),
        target: entry.target.slice(0, 200),
        before_json: json(entry.before),
        after_json: json(entry.after),
        ip: actor.ip.slice(0, 64),
        subject_user_id: await subjectOf(executor, entry),
      });
    },
    async list(filter, page, limit) {
      const player = filter.playerNameKey ? await findUserByNameKey(db, userNameKey(filter.playerNameKey)) : undefined;
      const withPlayer = player ? { ...filter, playerUserId: Number(player.id) } : filter;
      const { rows, total } = await listAudit(db, withPlayer, limit, (page - 1) * limit);
      return {
        total,
        rows: rows.map((row) => ({
          id: Number(row.id),
          at: new Date(Number(row.at)).toISOString(),
          operator: row.operator_name,
          action: row.action,
          target: row.target,
          before: row.before_json,
          after: row.after_json,
          ip: row.ip,
        })),
      };
    },
  };
}
