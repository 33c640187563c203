import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { sha256Hex } from '../lib/ids';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  deleteIdempotencyKeysBefore,
  findIdempotencyKey,
  releaseIdempotencyKey,
} from './idempotency.repository';

/** A key is remembered this long; a retry after that is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** Answers that must not be replayed: the request never ran, so a retry must be able to run it. */
function isReplayable(status: number): boolean {
  return status < 500 && status !== 401 && status !== 403 && status !== 429;
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
    idempotencyClaim: { userId: number; key: string } | null;
  }
}

/** JSON with object keys sorted, so the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `Idempotency-Key` for money-moving calls (product-rules.md, "Money"): the same key from the
 * same user applies once and replays the first answer; the same key with another body is 409
 * CONFLICT; a key whose first request is still running is 409 REQUEST_IN_FLIGHT.
 */
export function installIdempotency(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('idempotencyClaim', null);
  const hooks: IdempotencyHooks = {
    async preHandler(request, reply) {
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) return undefined;
      if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
        throw new AppError('BAD_REQUEST', 'Idempotency-Key must be 1 to 200 visible ASCII characters');
      }
      // Public calls (no session) share user 0.
      const userId = (request.user as { userId: number } | null)?.userId ?? 0;
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      const requestHash = sha256Hex(`${route}\n${canonicalJson(request.method === 'GET' ? request.query : request.body)}`);
      const claim = { user_id: userId, idem_key: header, route, request_hash: requestHash, created_at: clock.now() };
      if (await claimIdempotencyKey(db, claim)) {
        request.idempotencyClaim = { userId, key: header };
        return undefined;
      }
      const earlier = await findIdempotencyKey(db, userId, header);
      if (!earlier || earlier.state === 'in_flight') {
        if (earlier && (earlier.route !== route || earlier.request_hash !== requestHash)) {
          throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request');
        }
        throw new AppError('REQUEST_IN_FLIGHT', 'This request is still being processed. Please wait.');
      }
      if (earlier.route !== route || earlier.request_hash !== requestHash) {
        throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request');
      }
      return reply
        .code(earlier.response_status ?? 200)
        .header('content-type', 'application/json; charset=utf-8')
        .header(REPLAYED_HEADER, 'true')
        .send(earlier.response_body ?? '');
    },

    async onSend(request, reply, payload) {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      if (isReplayable(reply.statusCode) && typeof payload === 'string') {
        await completeIdempotencyKey(db, claim.userId, claim.key, reply.statusCode, payload);
      } else {
        await releaseIdempotencyKey(db, claim.userId, claim.key);
      }
      return payload;
    },

    purgeExpired: () => deleteIdempotencyKeysBefore(db, clock.now() - IDEMPOTENCY_KEY_TTL_MS),
  };
  app.decorate('idempotency', hooks);
}
