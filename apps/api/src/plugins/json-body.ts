import type { FastifyInstance } from 'fastify';
import { isJsonTooDeep } from '../lib/json-depth';

/**
 * The JSON body parser of every route: Fastify's own (secure-json-parse: `__proto__` and
 * `constructor` keys refused, an empty body refused), after a linear pre-scan of the raw text
 * that refuses a body nested deeper than MAX_JSON_DEPTH (400). The text is already bounded by the
 * body limit, so the refusal costs one pass over at most 64 KiB and nothing recursive (the parse,
 * the unstorable-text check, zod) ever sees a deep body (docs/refusals.md, "Bodies").
 * Scopes that parse bodies themselves (the provider wallet) run the same pre-scan.
 *
 * The parser hands a deep body on as TOO_DEEP_BODY and the contract's validator refuses it: a
 * parser's own error makes Fastify close the connection (it cannot know the body was read
 * whole), so every hostile body cost the attacker's next request, and us, a new connection.
 */
export const TOO_DEEP_BODY: Readonly<Record<string, never>> = Object.freeze({});

export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (isJsonTooDeep(text)) return done(null, TOO_DEEP_BODY);
    void parse(request, text, done);
  });
}
