import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import {
  deleteIdempotencyKeysBefore,
  findIdempotencyKey,
  type IdempotencyClaimRow,
  storeIdempotentAnswer,
} from '../db/idempotency.repository';
import type { IdempotencyClaim } from '../db/unit-of-work';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { sha256Hex } from '../lib/ids';

/** A key is remembered this long; a retry after that is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** An Idempotency-Key: 1 to 200 visible ASCII characters (the CLI's `--key` too). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** Refusals worth replaying: the request ran and said no. 5xx, session and rate refusals did not run it. */
function isReplayableRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429;
}

export interface IdempotencyHooks {
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  /** Forgets keys older than the TTL. */
  purgeExpired(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Applied by registerEndpoint to every endpoint the contract marks isMoneyMoving. */
    idempotency?: IdempotencyHooks;
  }
  interface FastifyRequest {
    /**
     * The request's Idempotency-Key claim, for the handler to pass to `moneyTransaction`, which
     * claims the key and stores the result inside the money transaction. Null without the header.
     */
    idempotency: IdempotencyClaim | null;
  }
}

/** JSON with object keys sorted, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Whose keys a request's key is among: a player's id; an operator's id negated, so a console key
 * never meets a player's (docs/operators.md, "Exactly once"); 0 for public calls (no session).
 */
function keyOwner(request: FastifyRequest): number {
  const user = request.user as { userId: number } | null | undefined;
  if (user) return user.userId;
  const operator = (request as { operator?: { operatorId: number } | null }).operator;
  return operator ? -operator.operatorId : 0;
}

const conflict = () => new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request');

/**
 * `Idempotency-Key` for money-moving calls (docs/product.md, "Money"; docs/adr/0009): the same
 * key from the same user applies once and replays the first answer; the same key with another
 * body is 409 CONFLICT. The money and the key commit in one transaction (`moneyTransaction`);
 * this plugin only reads the header, answers a stored refusal, and stores new refusals.
 */
export function installIdempotency(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('idempotency', null);
  const hooks: IdempotencyHooks = {
    async preHandler(request, reply) {
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) return undefined;
      if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
        throw new AppError('BAD_REQUEST', 'Idempotency-Key must be 1 to 200 visible ASCII characters');
      }
      const userId = keyOwner(request);
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      const requestHash = sha256Hex(`${route}\n${canonicalJson(request.method === 'GET' ? request.query : request.body)}`);
      const earlier = await findIdempotencyKey(db, userId, header);
      if (earlier && (earlier.route !== route || earlier.request_hash !== requestHash)) throw conflict();
      if (earlier?.state === 'answer') {
        return reply
          .code(earlier.response_status ?? 400)
          .header('content-type', 'application/json; charset=utf-8')
          .header(REPLAYED_HEADER, 'true')
          .send(earlier.response_body ?? '');
      }
      // A committed result is replayed by the money transaction itself, through the handler.
      request.idempotency = { userId, key: header, route, requestHash };
      return undefined;
    },

    async onSend(request, reply, payload) {
      const claim = request.idempotency;
      if (!claim) return payload;
      request.idempotency = null;
      if (claim.replayed) reply.header(REPLAYED_HEADER, 'true');
      if (!claim.settled && isReplayableRefusal(reply.statusCode) && typeof payload === 'string') {
        const row: IdempotencyClaimRow = { ...claim, createdAt: clock.now() };
        await storeIdempotentAnswer(db, row, reply.statusCode, payload);
      }
      return payload;
    },

    purgeExpired: () => deleteIdempotencyKeysBefore(db, clock.now() - IDEMPOTENCY_KEY_TTL_MS),
  };
  app.decorate('idempotency', hooks);
}
