import { paiseToRupees } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { findIdempotencyKey } from '../../db/idempotency.repository';
import { AppError } from '../../lib/app-error';
import type { OperatorActor } from '../operators';

const DAY_MS = 86_400_000;
export const DEFAULT_PAGE_SIZE = 50;

/** Who acts: the console session's operator, from the client's address. */
export function actorOf(request: FastifyRequest): OperatorActor {
  const { operatorId, name, role } = request.operator;
  return { operatorId, name, role, ip: request.ip };
}

export function pagingOf(body: { page?: number | undefined; limit?: number | undefined }) {
  const page = body.page ?? 1;
  const limit = body.limit ?? DEFAULT_PAGE_SIZE;
  return { page, limit, offset: (page - 1) * limit };
}

export function tableAnswer<T>(rows: T[], total: number, paging: { page: number; limit: number }) {
  return { rows, page: paging.page, limit: paging.limit, total_rows: total };
}

/** `from_date`..`to_date` (whole UTC days, both included); by default the last 30 days. */
export function windowOf(body: { from_date?: string | undefined; to_date?: string | undefined }, now: number) {
  const to = body.to_date ? Date.parse(`${body.to_date}T00:00:00Z`) + DAY_MS : now + 1;
  const from = body.from_date ? Date.parse(`${body.from_date}T00:00:00Z`) : to - 30 * DAY_MS;
  if (!(from < to)) throw new AppError('BAD_REQUEST', 'from_date must not be after to_date');
  return { from, to };
}

export const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
export const isoOrNull = (ms: number | string | null | undefined) => (ms === null || ms === undefined ? null : iso(ms));
export const rupees = (paise: number | string | null | undefined) => paiseToRupees(Number(paise ?? 0));
/** Rupees as the CLI takes them, text with two decimals. */
export const rupeeText = (amount: number) => amount.toFixed(2);
export const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export { DAY_MS };

/**
 * The committed result of the request's Idempotency-Key, when its first try committed: an act
 * whose checks read state the act itself changes (a withdrawal still pending) answers its first
 * answer again instead of judging the state it left (docs/operators.md, "Exactly once").
 */
export async function committedResult<T>(db: Db, request: FastifyRequest): Promise<T | undefined> {
  const claim = request.idempotency;
  if (!claim) return undefined;
  const earlier = await findIdempotencyKey(db, claim.userId, claim.key);
  if (!earlier || earlier.state !== 'result' || earlier.response_body === null) return undefined;
  if (earlier.route !== claim.route || earlier.request_hash !== claim.requestHash) {
    throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request');
  }
  claim.replayed = true;
  claim.settled = true;
  return JSON.parse(earlier.response_body) as T;
}

/** The target of a market (`M:id`) or a fancy line (`F:id`) a console call names. */
export const targetOfBody = (body: { market_id: string } | { fancy_id: number }) =>
  'market_id' in body ? `M:${body.market_id}` : `F:${body.fancy_id}`;
