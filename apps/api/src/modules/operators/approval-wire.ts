import { paiseToRupees } from '@app/shared';
import { AppError } from '../../lib/app-error';
import type { ApprovalRow } from './operators.table';

/** A four-eyes request read for people (docs/operators.md, "Four-eyes"): its player, wire shape, why it ended. */

/** A request that can no longer be decided: why, in words an operator can act on (409 CONFLICT). */
export function endedError(row: ApprovalRow, decision: 'approve' | 'reject'): AppError {
  const id = Number(row.id);
  const what = decision === 'approve' ? 'approved' : 'rejected';
  // Ended by its subject (no deciding operator): the reason says how, e.g. "The withdrawal was cancelled".
  if (row.decided_by === null && row.reason) {
    const why = row.reason.charAt(0).toLowerCase() + row.reason.slice(1);
    return new AppError('CONFLICT', `Request ${id} ended because ${why}: it can no longer be ${what}`);
  }
  return new AppError('CONFLICT', `Request ${id} was already ${row.status}`);
}

/**
 * The player a request is about, for the second operator's sheet: the target of a wallet act
 * (`user:NAME`), or the user name a withdrawal's request carries in its payload (null on requests
 * made before it did).
 */
export function playerOf(row: { target: string; payload: string }): string | null {
  if (row.target.startsWith('user:')) return row.target.slice('user:'.length);
  try {
    const payload = JSON.parse(row.payload) as { user_name?: unknown };
    return typeof payload.user_name === 'string' ? payload.user_name : null;
  } catch {
    return null;
  }
}

/** The player a request's audit rows are about (the console's filter by player finds them). */
export function subjectOf(row: { target: string; payload: string }): { userName: string } | null {
  const player = playerOf(row);
  return player === null ? null : { userName: player };
}

/** A request as the console's approvals list answers it. */
export const approvalWire = (row: ApprovalRow & { requested_by_name: string; decided_by_name: string | null }) => ({
  request_id: Number(row.id),
  kind: row.kind,
  status: row.status,
  target: row.target,
  player: playerOf(row),
  amount: paiseToRupees(Number(row.amount)),
  summary: row.summary,
  requested_by: row.requested_by_name,
  requested_at: new Date(Number(row.requested_at)).toISOString(),
  decided_by: row.decided_by_name,
  decided_at: row.decided_at === null ? null : new Date(Number(row.decided_at)).toISOString(),
  reason: row.reason,
});
