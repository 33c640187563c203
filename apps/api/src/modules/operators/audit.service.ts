import type { AuditRow } from '@app/shared';
import type { Db } from '../../db/database';
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
      });
    },
    async list(filter, page, limit) {
      const { rows, total } = await listAudit(db, filter, limit, (page - 1) * limit);
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
