import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { type IdempotencyClaim, moneyTransaction, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { approvalWire, endedError, subjectOf } from './approval-wire';
import type { AuditLog } from './audit.service';
import {
  decideApprovalRow,
  endPendingApprovals,
  findApproval,
  findPendingApprovalByTarget,
  insertApproval,
  listApprovals,
} from './operators.repository';
import type { ApprovalRow } from './operators.table';
import type { OperatorActor } from './operators.service';

export type ApprovalKind = ApprovalRow['kind'];

/**
 * What a request is about, checked in the request's own transaction: the players whose money locks
 * it takes (the subject's own changes take them too) and a check that the subject is still open
 * (throws when it is not). So a request cannot start waiting for a subject that ended meanwhile.
 */
export interface ApprovalSubject {
  userIds: readonly number[];
  assertOpen(tx: Tx): Promise<void>;
}

/**
 * Carries out an approved request, as the operator who approved it; answers what changed. It runs
 * `options.within` in the act's own transaction (the request marked approved, its audit row), with
 * the act's result, and claims `options.idempotency` there: the act and its approval commit together.
 */
export type ApprovalExecutor = (
  payload: unknown,
  approver: OperatorActor,
  requestedBy: number,
  options: { idempotency: IdempotencyClaim | null; within: (tx: Tx, result: unknown) => Promise<void> },
) => Promise<unknown>;

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
  async function wireRow(id: number) {
    const [row] = (await listApprovals(db, { id }, 1, 0)).rows;
    if (!row) throw new AppError('NOT_FOUND', `No approval request has id ${id}`);
    return approvalWire(row);
  }

  return {
    /** Sets what carries out each kind of request (the console module, which knows the services). */
    useExecutor(kind: ApprovalKind, executor: ApprovalExecutor) {
      executors[kind] = executor;
    },

    /**
     * A request waits for a second operator. Written in one transaction with its audit row and the
     * caller's Idempotency-Key (a retried request answers the same request id), under the subject's
     * locks and after its check.
     */
    async request(
      actor: OperatorActor,
      input: { kind: ApprovalKind; target: string; amount: number; summary: string; payload: unknown },
      idempotency: IdempotencyClaim | null = null,
      subject?: ApprovalSubject,
    ): Promise<{ request_id: number }> {
      const waiting = () => new AppError('CONFLICT', `A request for ${input.target} already waits for a second operator`);
      const work = { userIds: subject?.userIds ?? [], idempotency, now: clock.now() };
      return moneyTransaction(db, work, async (tx) => {
        await subject?.assertOpen(tx);
        // A withdrawal waits once (a partial unique index holds it, migration 0175); a player may
        // have several adjustments waiting.
        if (input.kind === 'withdraw_approve' && (await findPendingApprovalByTarget(tx, input.kind, input.target))) {
          throw waiting();
        }
        let id: number;
        try {
          id = await insertApproval(tx, {
            kind: input.kind,
            target: input.target,
            amount: input.amount,
            summary: input.summary.slice(0, 300),
            payload: JSON.stringify(input.payload),
            requested_by: actor.operatorId,
            requested_at: clock.now(),
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw waiting();
          throw error;
        }
        await audit.record(
          actor,
          {
            action: 'approval.request',
            target: input.target,
            after: { request_id: id, kind: input.kind, summary: input.summary },
            subject: subjectOf({ target: input.target, payload: JSON.stringify(input.payload) }),
          },
          tx,
        );
        return { request_id: id };
      });
    },

    /**
     * The subject of waiting requests ended (a withdrawal cancelled, rejected or approved): they
     * end too, rejected with the reason and no operator, in the transaction that ended it.
     */
    async endForSubject(tx: Tx, kind: ApprovalKind, target: string, reason: string): Promise<number> {
      return endPendingApprovals(tx, kind, target, { decided_at: clock.now(), reason: reason.slice(0, 200) });
    },

    async list(status: ApprovalRow['status'] | undefined, page: number, limit: number) {
      const { rows, total } = await listApprovals(db, { status }, limit, (page - 1) * limit);
      return { rows: rows.map(approvalWire), total };
    },

    async findPending(kind: ApprovalKind, target: string) {
      return findPendingApprovalByTarget(db, kind, target);
    },

    async decide(
      actor: OperatorActor,
      id: number,
      decision: 'approve' | 'reject',
      reason: string | null,
      idempotency: IdempotencyClaim | null = null,
    ) {
      const row = await findApproval(db, id);
      if (!row) throw new AppError('NOT_FOUND', `No approval request has id ${id}`);
      if (Number(row.requested_by) === actor.operatorId) {
        throw new AppError('REFUSED', 'A second operator must decide this request: you cannot approve or reject your own.');
      }
      const status = decision === 'approve' ? 'approved' : 'rejected';
      // Inside the act's transaction: decided once (a guarded update), audited, or rolled back with
      // the act. Two approvers at once cannot both carry it out; a refused act leaves it waiting.
      const settle = async (tx: Tx, result: unknown) => {
        if (!(await decideApprovalRow(tx, id, { status, decided_by: actor.operatorId, decided_at: clock.now(), reason }))) {
          const current = await findApproval(tx, id);
          throw current ? endedError(current, decision) : new AppError('NOT_FOUND', `No approval request has id ${id}`);
        }
        await audit.record(
          actor,
          {
            action: `approval.${decision}`,
            target: row.target,
            before: { request_id: id, status: 'pending', summary: row.summary },
            after: { request_id: id, status, reason, result },
            subject: subjectOf(row),
          },
          tx,
        );
      };
      if (decision === 'approve') {
        const executor = executors[row.kind];
        if (!executor) throw new Error(`No executor for ${row.kind}`);
        try {
          await executor(JSON.parse(row.payload), actor, Number(row.requested_by), { idempotency, within: settle });
        } catch (error) {
          // The act refused because its subject ended meanwhile (which ended the request): say so.
          const current = await findApproval(db, id);
          if (error instanceof AppError && current && current.status !== 'pending') throw endedError(current, decision);
          throw error;
        }
      } else {
        await moneyTransaction(db, { userIds: [], idempotency, now: clock.now() }, async (tx) => {
          await settle(tx, null);
          return { request_id: id };
        });
      }
      return wireRow(id);
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
