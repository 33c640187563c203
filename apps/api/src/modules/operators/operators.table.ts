import type { OperatorRole } from '@app/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

export interface OperatorsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  role: OperatorRole;
  /** Null for the system operator (the CLI's default): it never logs in. */
  password_hash: string | null;
  /** Base32 TOTP secret (RFC 6238). */
  totp_secret: string | null;
  /** The last time step whose code was accepted: each code once, none older after it. */
  totp_last_step: Generated<number>;
  is_active: Generated<number>;
  created_at: number;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  ended_at: number | null;
}

/** Append-only: the database refuses updates and deletes (migration 0160). */
export interface OperatorAuditTable {
  id: Generated<number>;
  at: number;
  operator_id: number;
  operator_name: string;
  action: string;
  target: string;
  before_json: string | null;
  after_json: string | null;
  ip: string;
  /** The player the act is about, whoever wrote the row (migration 0221; null before it, or about no player). */
  subject_user_id: ColumnType<number | null, number | null | undefined, never>;
}

export interface OperatorApprovalsTable {
  id: Generated<number>;
  kind: 'wallet_adjust' | 'withdraw_approve';
  status: 'pending' | 'approved' | 'rejected';
  target: string;
  amount: number;
  summary: string;
  payload: string;
  requested_by: number;
  requested_at: number;
  decided_by: number | null;
  decided_at: number | null;
  reason: string | null;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type ApprovalRow = Selectable<OperatorApprovalsTable>;

declare module '../../db/schema' {
  interface Database {
    operators: OperatorsTable;
    operator_sessions: OperatorSessionsTable;
    operator_audit: OperatorAuditTable;
    operator_approvals: OperatorApprovalsTable;
  }
}
