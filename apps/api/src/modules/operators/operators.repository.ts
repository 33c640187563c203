import type { OperatorRole } from '@app/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ApprovalRow, OperatorApprovalsTable, OperatorRow } from './operators.table';

export async function findOperatorByNameKey(db: Db, nameKey: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('name_key', '=', nameKey).executeTakeFirst();
}

export async function findOperatorById(db: Db, id: number): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertOperator(
  db: Db,
  row: {
    name: string;
    name_key: string;
    role: OperatorRole;
    password_hash: string | null;
    totp_secret: string | null;
    created_at: number;
  },
): Promise<number> {
  const inserted = await db.insertInto('operators').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Takes a TOTP step for a login: false when this step (or a later one) was already used. */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the operator logged in from this address since `since` (a known address). */
export async function hasOperatorLoginFrom(db: Db, operatorId: number, ip: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('operator_sessions')
    .select('id')
    .where('operator_id', '=', operatorId)
    .where('ip', '=', ip)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOperatorSession(
  db: Db,
  row: { operator_id: number; token_hash: string; ip: string; created_at: number; last_seen_at: number },
): Promise<void> {
  await db.insertInto('operator_sessions').values(row).execute();
}

export async function findLiveOperatorSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id as session_id', 's.last_seen_at', 'o.id', 'o.name', 'o.role', 'o.is_active'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.ended_at', 'is', null)
    .executeTakeFirst();
}

export async function touchOperatorSession(db: Db, sessionId: number, now: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export async function endOperatorSession(db: Db, sessionId: number, now: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ ended_at: now }).where('id', '=', sessionId).execute();
}

export async function insertAudit(
  db: Db,
  row: {
    at: number;
    operator_id: number;
    operator_name: string;
    action: string;
    target: string;
    before_json: string | null;
    after_json: string | null;
    ip: string;
    subject_user_id: number | null;
  },
): Promise<void> {
  await db.insertInto('operator_audit').values(row).execute();
}

export interface AuditFilter {
  from?: number;
  to?: number;
  operatorNameKey?: string;
  action?: string;
  target?: string;
  /**
   * A player's acts: the rows about them (`subject_user_id`, whoever wrote them: the console, the
   * CLI, a four-eyes approval), and, for rows written before migration 0221, those on `user:NAME`
   * and those whose before names the player (a withdrawal).
   */
  playerNameKey?: string;
  /** The player's id, when `playerNameKey` names one. */
  playerUserId?: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('operator_audit');
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  if (filter.operatorNameKey) query = query.where((eb) => eb(eb.fn('lower', ['operator_name']), '=', filter.operatorNameKey!));
  if (filter.action) query = query.where('action', 'like', `${filter.action}%`);
  if (filter.target) query = query.where('target', '=', filter.target);
  if (filter.playerNameKey) {
    const key = filter.playerNameKey;
    query = query.where((eb) =>
      eb.or([
        ...(filter.playerUserId === undefined ? [] : [eb('subject_user_id', '=', filter.playerUserId)]),
        eb(eb.fn('lower', ['target']), '=', `user:${key}`),
        eb(eb.fn('lower', ['before_json']), 'like', sql<string>`${`%"user_name":"${escapeLike(key)}"%`} escape '\\'`),
      ]),
    );
  }
  return query;
}

export async function listAudit(db: Db, filter: AuditFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filtered(db, filter).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertApproval(
  db: Db,
  row: Omit<OperatorApprovalsTable, 'id' | 'decided_by' | 'decided_at' | 'reason' | 'status'>,
): Promise<number> {
  const inserted = await db
    .insertInto('operator_approvals')
    .values({ ...row, status: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function findApproval(db: Db, id: number): Promise<ApprovalRow | undefined> {
  return db.selectFrom('operator_approvals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPendingApprovalByTarget(db: Db, kind: ApprovalRow['kind'], target: string) {
  return db
    .selectFrom('operator_approvals')
    .selectAll()
    .where('kind', '=', kind)
    .where('target', '=', target)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Decides a pending request once: false when another operator decided it first. */
export async function decideApprovalRow(
  db: Db,
  id: number,
  values: { status: 'approved' | 'rejected'; decided_by: number; decided_at: number; reason: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('operator_approvals')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every pending request of a kind about a target (its subject ended); answers how many. */
export async function endPendingApprovals(
  db: Db,
  kind: ApprovalRow['kind'],
  target: string,
  values: { decided_at: number; reason: string },
): Promise<number> {
  const result = await db
    .updateTable('operator_approvals')
    .set({ status: 'rejected', decided_by: null, ...values })
    .where('kind', '=', kind)
    .where('target', '=', target)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listApprovals(
  db: Db,
  filter: { status?: ApprovalRow['status'] | undefined; id?: number },
  limit: number,
  offset: number,
) {
  const base = () => {
    let query = db.selectFrom('operator_approvals as a');
    if (filter.status) query = query.where('a.status', '=', filter.status);
    if (filter.id !== undefined) query = query.where('a.id', '=', filter.id);
    return query;
  };
  const [rows, count] = await Promise.all([
    base()
      .innerJoin('operators as r', 'r.id', 'a.requested_by')
      .leftJoin('operators as d', 'd.id', 'a.decided_by')
      .selectAll('a')
      .select(['r.name as requested_by_name', 'd.name as decided_by_name'])
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function operatorNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('operators').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}
