import type { ErrorCode } from '@app/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

const GENERIC_SERVER_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Framework errors that are the client's fault, with a message of our own for each. */
const FRAMEWORK_REFUSALS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is empty; send {} for no fields' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The request body length is wrong' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
};

function toAppError(error: FastifyError | Error): AppError | null {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FRAMEWORK_REFUSALS[fastifyError.code] : undefined;
  if (known) return new AppError(known.code, known.message);
  // JSON.parse failures surface as SyntaxError with a 400 status.
  if (fastifyError.statusCode === 400) return new AppError('BAD_REQUEST', 'The request is not valid');
  if (fastifyError.statusCode === 404) return new AppError('NOT_FOUND', 'Not found');
  if (fastifyError.statusCode === 429) return new AppError('RATE_LIMITED', 'Too many requests. Please wait and try again.');
  return null;
}

export function sendRefusal(reply: FastifyReply, request: FastifyRequest, error: AppError): FastifyReply {
  return reply
    .code(error.statusCode)
    .header('x-request-id', request.id)
    .send({ status: false, message: error.message, code: error.code, request_id: request.id });
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
