import { AWAITING_APPROVAL, type DataOf, type Endpoint, type ParsedRequestOf, successEnvelope } from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { JSON_TOO_DEEP_MESSAGE } from '../lib/json-depth';
import { TOO_DEEP_BODY } from './json-body';

export interface EndpointContext<E extends Endpoint> {
  body: ParsedRequestOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointResult<E extends Endpoint> =
  | { data: DataOf<E>; message?: string }
  /** A console act that waits for a second operator (four-eyes): HTTP 202, `awaitingApprovalEnvelope`. */
  | { awaitingApproval: { request_id: number }; message?: string };

/** A handler may answer at once (e.g. from an in-memory copy) or later. */
export type EndpointHandler<E extends Endpoint> = (context: EndpointContext<E>) => EndpointResult<E> | Promise<EndpointResult<E>>;

/**
 * The result of a read that may have its data in memory: the copy at once when there is one
 * (no promise in between), else whatever `load` reads.
 */
export function dataFromCopy<D>(copy: D | undefined, load: () => Promise<D>): { data: D } | Promise<{ data: D }> {
  return copy !== undefined ? { data: copy } : load().then((data) => ({ data }));
}

/** Raised for a request that fails its contract schema; the error handler answers 400. */
export class RequestValidationError extends AppError {
  constructor(error: z.ZodError) {
    const issue = error.issues[0];
    const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    super('BAD_REQUEST', `${field}${issue?.message ?? 'Invalid request'}`);
  }
}

/**
 * Text neither database can store as sent: NUL (PostgreSQL refuses 0x00 in text; SQLite keeps it,
 * so the two would answer differently) and lone UTF-16 surrogates (the driver would silently store
 * U+FFFD instead, so what is read back is not what was sent).
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE_TEXT = /\u0000|\p{Cs}/u;

/**
 * The path of the first string anywhere in `input` that no database can store as sent. Bodies
 * reach it at most MAX_JSON_DEPTH deep (plugins/json-body.ts); one path array is reused.
 */
export function findUnstorableText(input: unknown): string[] | undefined {
  const path: string[] = [];
  return holdsUnstorableText(input, path) ? path : undefined;
}

function holdsUnstorableText(input: unknown, path: string[]): boolean {
  if (typeof input === 'string') return UNSTORABLE_TEXT.test(input);
  if (typeof input !== 'object' || input === null) return false;
  for (const [key, value] of Object.entries(input)) {
    if (UNSTORABLE_TEXT.test(key)) {
      path.push('(field name)');
      return true;
    }
    path.push(key);
    if (holdsUnstorableText(value, path)) return true;
    path.pop();
  }
  return false;
}

/** Raised for text no database can store (NUL, broken unicode); the error handler answers 400. */
export class UnstorableTextError extends AppError {
  constructor(path: string[]) {
    const field = path.length ? `${path.join('.')}: ` : '';
    super('BAD_REQUEST', `${field}must not contain NUL characters or broken unicode`);
  }
}

/**
 * Validation goes straight through the contract's zod schemas, after two rules every endpoint
 * shares: no body nested too deeply (plugins/json-body.ts) and no text that the databases cannot
 * store as sent (docs/refusals.md).
 */
export function installZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as unknown as z.ZodType;
    return (input: unknown) => {
      if (input === TOO_DEEP_BODY) return { error: new AppError('BAD_REQUEST', JSON_TOO_DEEP_MESSAGE) };
      const unstorable = findUnstorableText(input);
      if (unstorable) return { error: new UnstorableTextError(unstorable) };
      const result = zodSchema.safeParse(input ?? {});
      return result.success ? { value: result.data } : { error: new RequestValidationError(result.error) };
    };
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hook that resolves the bearer token to a live session for the endpoint (set by the auth plugin). */
    authenticate?: (endpoint: Endpoint) => onRequestHookHandler;
    /** The hook of an auth 'operator' endpoint: a console session whose role holds its permission (modules/operators). */
    authenticateOperator?: (endpoint: Endpoint) => onRequestHookHandler;
  }
}

/**
 * The success envelope as JSON Schema: Fastify compiles it into a serializer, which is faster
 * than JSON.stringify and sends only the fields the contract declares.
 */
function responseJsonSchema(endpoint: Endpoint): Record<string, unknown> {
  return z.toJSONSchema(successEnvelope(endpoint.data), { target: 'draft-7', unrepresentable: 'any', io: 'output' });
}

/**
 * A money-moving handler must pass `request.idempotency` to its money transaction, which claims
 * the key and stores the result before COMMIT; a handler that forgot would apply retries twice.
 */
function assertKeySettled<T>(request: FastifyRequest, value: T): T {
  if (request.idempotency && !request.idempotency.settled) {
    throw new Error(`${request.routeOptions.url ?? request.url} did not run its money transaction with request.idempotency`);
  }
  return value;
}

const noStore = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  reply.header('cache-control', 'no-store');
  return payload;
};

/**
 * Registers one endpoint of the shared contract under `/api/`: its method, path, schema, auth
 * and rate limit all come from the contract; the handler only produces the data.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void {
  const requiresUser = endpoint.auth === 'user';
  if (requiresUser && !app.authenticate) {
    throw new Error(`Endpoint ${endpoint.path} needs a session, but no auth plugin is registered`);
  }
  const requiresOperator = endpoint.auth === 'operator';
  if (requiresOperator && (!app.authenticateOperator || !endpoint.permission)) {
    throw new Error(`Endpoint ${endpoint.path} needs an operator's session and a permission`);
  }
  // The console's answers are never stored by a browser or a proxy (docs/operators.md).
  const isConsole = endpoint.path.startsWith('admin/');
  const onSend = [
    ...(isConsole ? [noStore] : []),
    ...(endpoint.isMoneyMoving && app.idempotency ? [app.idempotency.onSend] : []),
  ];
  if (endpoint.fromMemory && (endpoint.auth !== 'user' || endpoint.countsAsActivity !== false || endpoint.isMoneyMoving)) {
    throw new Error(`Endpoint ${endpoint.path}: only a user's read that is not activity may be answered from memory`);
  }
  if (endpoint.isMoneyMoving && !app.idempotency) {
    throw new Error(`Endpoint ${endpoint.path} moves money, but no idempotency plugin is installed`);
  }
  const idempotency = endpoint.isMoneyMoving ? app.idempotency : undefined;
  // Answers served from in-memory copies (settings, sports, each player's balance) are the same
  // object until the copy is dropped, so their text is serialised once per copy. Data objects are
  // never changed after a handler returns them.
  const texts = new WeakMap<object, string>();
  const answer = (reply: FastifyReply, result: EndpointResult<E>): FastifyReply => {
    const message = result.message ?? '';
    if ('awaitingApproval' in result) {
      const waiting = { status: AWAITING_APPROVAL, request_id: result.awaitingApproval.request_id };
      return reply.code(202).send({ ...waiting, message, data: waiting });
    }
    const data = result.data as unknown;
    if (message !== '' || typeof data !== 'object' || data === null) {
      return reply.send({ status: true, message, data });
    }
    let text = texts.get(data);
    if (text === undefined) {
      text = reply.serialize({ status: true, message, data }) as string;
      texts.set(data, text);
    }
    return reply.type('application/json; charset=utf-8').send(text);
  };
  app.route({
    method: endpoint.method,
    url: `/api/${endpoint.path}`,
    schema: {
      ...(endpoint.method === 'GET' ? { querystring: endpoint.request } : { body: endpoint.request }),
      response: { 200: responseJsonSchema(endpoint) },
    },
    config: endpoint.rateLimit ? { rateLimit: { max: endpoint.rateLimit.max, timeWindow: endpoint.rateLimit.windowMs } } : {},
    ...(requiresUser && app.authenticate ? { onRequest: app.authenticate(endpoint) } : {}),
    ...(requiresOperator && app.authenticateOperator ? { onRequest: app.authenticateOperator(endpoint) } : {}),
    ...(idempotency ? { preHandler: idempotency.preHandler } : {}),
    ...(onSend.length > 0 ? { onSend } : {}),
    handler(request, reply) {
      const body = (endpoint.method === 'GET' ? request.query : request.body) as ParsedRequestOf<E>;
      const result = handler({ body, request, reply });
      if (idempotency) return Promise.resolve(result).then((value) => answer(reply, assertKeySettled(request, value)));
      // An answer at hand is sent at once, without a promise in between.
      if (!(result instanceof Promise)) return void answer(reply, result);
      return result.then((value) => answer(reply, value));
    },
  });
}
