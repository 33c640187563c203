import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { isJsonTooDeep, JSON_TOO_DEEP_MESSAGE } from '../lib/json-depth';

/**
 * The JSON body parser of every route: Fastify's own (secure-json-parse: `__proto__` and
 * `constructor` keys refused, an empty body refused), after a linear pre-scan of the raw text
 * that refuses a body nested deeper than MAX_JSON_DEPTH (400). The text is already bounded by the
 * body limit, so the refusal costs one pass over at most 64 KiB and nothing recursive (the parse,
 * the unstorable-text check, zod) ever sees a deep body (docs/refusals.md, "Bodies").
 * Scopes that parse bodies themselves (the provider wallet) run the same pre-scan.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (isJsonTooDeep(text)) return done(new AppError('BAD_REQUEST', JSON_TOO_DEEP_MESSAGE), undefined);
    void parse(request, text, done);
  });
}
