import { adminEndpoints, API_REFERENCE_PATH, type Endpoint, endpoints, OPENAPI_DOCUMENT_PATH } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import { API_REFERENCE_STYLE_HASH, renderApiReferencePage } from './api-reference-page';
import { buildOpenApiDocument } from './openapi';
import type { Readiness } from './readiness.service';

/** The API's version in its description; bump with a change partners must know about. */
export const API_VERSION = '1.0';

/** The reference page may use its own inline stylesheet (by hash) and nothing else. */
const REFERENCE_PAGE_POLICY = `default-src 'none'; style-src ${API_REFERENCE_STYLE_HASH}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/**
 * Health, readiness and the API's description (docs/deploy.md). Health and ready carry no rate
 * limit (the contract gives them none) and read nothing but what `readiness` checks.
 */
export function registerOperationsRoutes(app: FastifyInstance, readiness: Readiness): void {
  const startedAt = performance.now();
  registerEndpoint(app, endpoints.health, () => ({
    data: { alive: true as const, uptime_s: Math.round((performance.now() - startedAt) / 1000) },
  }));
  registerEndpoint(app, endpoints.ready, async () => ({ data: await readiness.check() }));

  // Built on first use, then kept: the contract does not change while the process runs.
  let documentText: string | undefined;
  let pageText: string | undefined;
  // The console's calls too (docs/operators.md): one description of the whole API.
  const documentOf = () => buildOpenApiDocument({ ...endpoints, ...adminEndpoints } as Record<string, Endpoint>, API_VERSION);
  app.get(`/api/${OPENAPI_DOCUMENT_PATH}`, async (_request, reply) => {
    documentText ??= JSON.stringify(documentOf());
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(documentText);
  });
  app.get(`/api/${API_REFERENCE_PATH}`, async (_request, reply) => {
    pageText ??= renderApiReferencePage(documentOf(), `/api/${OPENAPI_DOCUMENT_PATH}`);
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', REFERENCE_PAGE_POLICY)
      .type('text/html; charset=utf-8')
      .send(pageText);
  });
}
