import { paiseToRupees } from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditLog } from './audit.service';
import {
  decideApprovalRow,
  findApproval,
  findPendingApprovalByTarget,
  insertApproval,
  listApprovals,
} from './operators.repository';
import type { ApprovalRow } from './operators.table';
import type { OperatorActor } from './operators.service';

export type ApprovalKind = ApprovalRow['kind'];

/** Carries out an approved request, as the operator who approved it; answers what changed. */
export type ApprovalExecutor = (payload: unknown, approver: OperatorActor, requestedBy: number) => Promise<unknown>;

/**
 * Four-eyes (docs/operators.md): an act above the amount waits as a request until a second,
 * different operator approves it (then it is carried out, by the same service as without
 * four-eyes) or rejects it. One request per target waits at a time.
 */
export function createApprovals(
  db: Db,
  clock: Clock,
  audit: AuditLog,
  executors: Partial<Record<ApprovalKind, ApprovalExecutor>> = {},
) {
  const toWire = (row: ApprovalRow & { requested_by_name: string; decided_by_name: string | null }) => ({
    request_id: Number(row.id),
    kind: row.kind,
    status: row.status,
    target: row.target,
    amount: paiseToRupees(Number(row.amount)),
    summary: row.summary,
    requested_by: row.requested_by_name,
    requested_at: new Date(Number(row.requested_at)).toISOString(),
    decided_by: row.decided_by_name,
    decided_at: row.decided_at === null ? null : new Date(Number(row.decided_at)).toISOString(),
    reason: row.reason,
  });

  async function wireRow(id: number) {
    const [row] = (await listApprovals(db, { id }, 1, 0)).rows;
    if (!row) throw new AppError('NOT_FOUND', `No approval request has id ${id}`);
    return toWire(row);
  }

  return {
    /** Sets what carries out each kind of request (the console module, which knows the services). */
    useExecutor(kind: ApprovalKind, executor: ApprovalExecutor) {
      executors[kind] = executor;
    },

    async request(
      actor: OperatorActor,
      input: { kind: ApprovalKind; target: string; amount: number; summary: string; payload: unknown },
    ): Promise<number> {
      // A withdrawal waits once; a player may have several adjustments waiting.
      if (input.kind === 'withdraw_approve' && (await findPendingApprovalByTarget(db, input.kind, input.target))) {
        throw new AppError('CONFLICT', `A request for ${input.target} already waits for a second operator`);
      }
      const id = await insertApproval(db, {
        kind: input.kind,
        target: input.target,
        amount: input.amount,
        summary: input.summary.slice(0, 300),
        payload: JSON.stringify(input.payload),
        requested_by: actor.operatorId,
        requested_at: clock.now(),
      });
      await audit.record(actor, {
        action: 'approval.request',
        target: input.target,
        after: { request_id: id, kind: input.kind, summary: input.summary },
      });
      return id;
    },

    async list(status: ApprovalRow['status'] | undefined, page: number, limit: number) {
      const { rows, total } = await listApprovals(db, { status }, limit, (page - 1) * limit);
      return { rows: rows.map(toWire), total };
    },

    async findPending(kind: ApprovalKind, target: string) {
      return findPendingApprovalByTarget(db, kind, target);
    },

    async decide(actor: OperatorActor, id: number, decision: 'approve' | 'reject', reason: string | null) {
      const row = await findApproval(db, id);
      if (!row) throw new AppError('NOT_FOUND', `No approval request has id ${id}`);
      if (row.status !== 'pending') throw new AppError('CONFLICT', `Request ${id} was already ${row.status}`);
      if (Number(row.requested_by) === actor.operatorId) {
        throw new AppError('REFUSED', 'A second operator must decide this request: you cannot approve or reject your own.');
      }
      const status = decision === 'approve' ? 'approved' : 'rejected';
      // Claimed first, so two approvers at once cannot both carry it out.
      if (!(await decideApprovalRow(db, id, { status, decided_by: actor.operatorId, decided_at: clock.now(), reason }))) {
        throw new AppError('CONFLICT', `Request ${id} was decided by another operator just now`);
      }
      let result: unknown = null;
      if (decision === 'approve') {
        const executor = executors[row.kind];
        try {
          if (!executor) throw new Error(`No executor for ${row.kind}`);
          result = await executor(JSON.parse(row.payload), actor, Number(row.requested_by));
        } catch (error) {
          // Not carried out: it waits again (the refusal says why).
          await db
            .updateTable('operator_approvals')
            .set({ status: 'pending', decided_by: null, decided_at: null, reason: null })
            .where('id', '=', id)
            .execute();
          throw error;
        }
      }
      await audit.record(actor, {
        action: `approval.${decision}`,
        target: row.target,
        before: { request_id: id, status: 'pending', summary: row.summary },
        after: { request_id: id, status, reason, result },
      });
      return wireRow(id);
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
