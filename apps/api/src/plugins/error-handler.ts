import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_STATUS, type ErrorCode, formatMoment, timeZoneFromCookie } from '@app/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type MomentWriter, utcMoment } from '../lib/app-error';
import { API_HEADERS } from './security-headers';

/** A refusal that tells the client when to try again (`Retry-After`, in seconds). */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(code: ErrorCode, message: string, retryAfterSeconds: number) {
    super(code, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

const GENERIC_SERVER_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Framework errors that are the client's fault, with a message of our own for each. */
const FRAMEWORK_REFUSALS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is empty; send {} for no fields' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The request body length is wrong' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  // Multipart uploads (kyc/submit): a file or a form larger than its limits, or not a form at all.
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many files in the form' },
  FST_PARTS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many parts in the form' },
  FST_FIELDS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many fields in the form' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the form as multipart/form-data' },
  FST_PROTO_VIOLATION: { code: 'BAD_REQUEST', message: 'A form field name is not allowed' },
  FST_MP_PREMATURE_CLOSE: { code: 'BAD_REQUEST', message: 'The form ended before it was complete' },
  // Raised by the router before any route or hook: answered through frameworkErrors below.
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'NOT_FOUND', message: 'Not found' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'BAD_REQUEST', message: 'The request is not valid' },
};

/** What busboy (under @fastify/multipart) says of a body that stops inside the form or a part. */
const MULTIPART_BODY_ERROR = /unexpected end of multipart data|Multipart: Boundary not found/i;

function toAppError(error: FastifyError | Error): AppError | null {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FRAMEWORK_REFUSALS[fastifyError.code] : undefined;
  if (known) return new AppError(known.code, known.message);
  // The form parser's own errors carry no code: a multipart body cut short is the client's fault.
  if (MULTIPART_BODY_ERROR.test(error.message)) return new AppError('BAD_REQUEST', 'The form ended before it was complete');
  // JSON.parse failures surface as SyntaxError with a 400 status.
  if (fastifyError.statusCode === 400) return new AppError('BAD_REQUEST', 'The request is not valid');
  if (fastifyError.statusCode === 404) return new AppError('NOT_FOUND', 'Not found');
  if (fastifyError.statusCode === 429) return new AppError('RATE_LIMITED', 'Too many requests. Please wait and try again.');
  // Any other client fault the framework finds (e.g. a method a route lacks) is still a 4xx.
  const status = fastifyError.statusCode ?? 0;
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST', 'The request is not valid');
  return null;
}

/** The code a refusal of this error carries (INTERNAL for a server fault): the metrics count refusals by it. */
export function refusalCodeOf(error: FastifyError | Error): ErrorCode {
  return toAppError(error)?.code ?? 'INTERNAL';
}

/**
 * Moments in a refusal in the reader's time zone: the `tz` cookie the site sets beside `lang`
 * (docs/shell.md "Dates and times"), else UTC, labelled.
 */
function momentWriterFor(request: FastifyRequest): MomentWriter {
  const zone = timeZoneFromCookie(request.headers.cookie);
  return zone ? (epochMs) => formatMoment(epochMs, 'en', { timeZone: zone }) : utcMoment;
}

export function sendRefusal(reply: FastifyReply, request: FastifyRequest, error: AppError): FastifyReply {
  // The JSON headers again: a refusal raised before the hooks ran (the router's) has none yet.
  reply.headers(API_HEADERS);
  if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply
    .code(error.statusCode)
    .header('x-request-id', request.id)
    .send({
      status: false,
      message: error.messageFor(momentWriterFor(request)),
      code: error.code,
      request_id: request.id,
      ...(error.data === undefined ? {} : { data: error.data }),
    });
}

/** Fastify's `frameworkErrors`: the router's own errors (bad URL encoding, over-long parameter). */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendRefusal(reply, request, toAppError(error) ?? new AppError('BAD_REQUEST', 'The request is not valid'));
}

const CONNECTION_REFUSALS: Record<string, { code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    code: 'REQUEST_TIMEOUT',
    message: 'The request took too long to arrive. Please check your connection and try again.',
  },
  HPE_HEADER_OVERFLOW: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' },
};

/**
 * Fastify's `clientErrorHandler`: Node raises these on the socket, before there is a request
 * (a body that never finishes, broken HTTP). Written by hand in the same envelope and headers.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = (error.code ? CONNECTION_REFUSALS[error.code] : undefined) ?? {
    code: 'BAD_REQUEST' as const,
    message: 'The request is not valid HTTP',
  };
  const status = ERROR_STATUS[refusal.code];
  const body = JSON.stringify({ status: false, message: refusal.message, code: refusal.code });
  const headers = { ...API_HEADERS, 'content-type': 'application/json; charset=utf-8', connection: 'close' };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The one error handler: every refusal is `{status:false, message, code, request_id}`. A server
 * fault is logged with its request id and answered with a generic text: no stack, SQL or path
 * ever reaches the client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const refusal = toAppError(error);
    if (refusal) {
      if (refusal.statusCode >= 500) request.log.error({ err: error, reqId: request.id }, 'request failed');
      return sendRefusal(reply, request, refusal);
    }
    request.log.error({ err: error, reqId: request.id, url: request.url, method: request.method }, 'unhandled error');
    return sendRefusal(reply, request, new AppError('INTERNAL', GENERIC_SERVER_MESSAGE));
  });
}
