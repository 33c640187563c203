import { z } from 'zod';
import type { AdminPermission } from '../domain/operator-roles';

export type HttpMethod = 'GET' | 'POST';

/**
 * `public`: anyone; `user`: a live session of a customer; `operator`: a live console session of
 * an operator (docs/operators.md) whose role holds the endpoint's `permission`. A player's token
 * never opens an operator call and an operator's never opens a player's (401).
 */
export type AuthMode = 'public' | 'user' | 'operator';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/**
 * One endpoint of the wire contract. `path` is relative to `/api/` and spelled as the
 * specification spells it (typos included). `request` validates the JSON body (POST) or the
 * query string (GET); `data` describes the `data` field of the success envelope.
 */
export interface Endpoint<TRequest extends z.ZodType = z.ZodType, TData extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  auth: AuthMode;
  request: TRequest;
  data: TData;
  /** Money-moving calls honour an `Idempotency-Key` header. */
  isMoneyMoving?: boolean;
  rateLimit?: RateLimitRule;
  /** auth 'user' only: false for calls that must not keep an idle session alive (the balance poll). Default true. */
  countsAsActivity?: boolean;
  /** auth 'user' only: true for the few calls a user may make while a password change is forced. */
  allowedBeforePasswordChange?: boolean;
  /**
   * auth 'user' only: a read the server may answer from in-memory copies of the session and the
   * data, kept fresh by change notices (the balance poll; docs/adr/0006). Needs countsAsActivity false.
   */
  fromMemory?: boolean;
  /** auth 'operator' only: what the caller's role must hold (else 403 FORBIDDEN). */
  permission?: AdminPermission;
}

export function defineEndpoint<TRequest extends z.ZodType, TData extends z.ZodType>(
  endpoint: Endpoint<TRequest, TData>,
): Endpoint<TRequest, TData> {
  return endpoint;
}

export type RequestOf<E> = E extends Endpoint<infer R, z.ZodType> ? z.input<R> : never;
export type ParsedRequestOf<E> = E extends Endpoint<infer R, z.ZodType> ? z.output<R> : never;
export type DataOf<E> = E extends Endpoint<z.ZodType, infer D> ? z.output<D> : never;

/**
 * A file in a multipart/form-data body (the only requests that are not JSON): the server checks
 * its bytes. The API description reads the mark to describe the body as a form with a file field.
 */
export function fileUpload(message: string) {
  return z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, message)
    .meta({ type: 'string', contentMediaType: 'application/octet-stream' });
}
