import {
  API_REFERENCE_PATH,
  type Endpoint,
  ERROR_STATUS,
  type ErrorCode,
  errorEnvelope,
  LIVE_SOCKET_PATH,
  liveClientMessageSchema,
  matchDeltaSchema,
  OPENAPI_DOCUMENT_PATH,
  successEnvelope,
  UPLOAD_IMAGE_PATH,
} from '@app/shared';
import { z } from 'zod';
import {
  WALLET_OPERATIONS,
  WALLET_SIGNATURE_HEADER,
  WALLET_STATUSES,
  walletAnswerSchema,
  walletPath,
  walletRequestSchemas,
} from '../casino';

/**
 * The OpenAPI 3.1 description of the API, generated from the shared zod contract
 * (packages/shared/src/api) and the providers' wallet schemas, so it cannot drift from what the
 * server validates and answers. Built once per process (docs/deploy.md "The API described").
 */

type JsonSchema = Record<string, unknown>;
export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  /** `[]` for a public operation: it says so, rather than leaving the reader to guess. */
  security: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  /** The live socket's messages (OpenAPI has no place for a WebSocket's messages). */
  'x-websocket-messages'?: { client: JsonSchema; matchDelta: JsonSchema };
}
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string; description: string }[];
  jsonSchemaDialect: string;
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<'get' | 'post', OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * zod → JSON Schema 2020-12 (OpenAPI 3.1's own dialect); requests as sent, answers as written.
 * `z.unknown().nullable()` comes out as `anyOf: [{}, {type: 'null'}]`: a union with a branch that
 * takes anything is anything, so it is written as the empty schema it equals.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override({ jsonSchema: written }) {
      if (written.anyOf?.some((branch) => typeof branch === 'object' && Object.keys(branch).length === 0)) delete written.anyOf;
    },
  }) as JsonSchema;
  return rest;
}

/** The error codes of each HTTP status (the closed list of packages/shared/src/api/errors.ts). */
function codesByStatus(): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, status] of Object.entries(ERROR_STATUS) as [ErrorCode, number][]) {
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

const STATUS_MEANINGS: Record<number, string> = {
  400: 'The body or query fails the contract, or is not JSON',
  401: 'The session is gone (log the user out)',
  403: 'The session is gone (same meaning as 401)',
  404: 'Not found',
  408: 'The request did not arrive in time',
  409: 'A conflict: already registered, or an Idempotency-Key reused or still in flight',
  413: 'The body is over 64 KiB',
  415: 'The body is not of the media type the operation takes (JSON; a form with a file for uploads)',
  422: 'A business refusal (the message says why)',
  429: 'Throttled: the message says for how long; some send Retry-After',
  431: 'The request headers are too large',
  500: 'A fault of ours: a generic message and the request id',
  503: 'Unavailable for now (busy, a gateway down, or not ready); some send Retry-After',
};

/**
 * Refusals any request can meet before it reaches its route: the request did not arrive within
 * REQUEST_TIMEOUT_MS, or its headers are too large (plugins/error-handler.ts, written on the socket).
 */
const CONNECTION_REFUSALS = [408, 431];

function refusalResponses(statuses: number[]): Record<string, JsonSchema> {
  return Object.fromEntries(
    [...statuses, ...CONNECTION_REFUSALS]
      .sort((a, b) => a - b)
      .map((status) => [String(status), { $ref: `#/components/responses/Refusal${status}` }]),
  );
}

/** The refusals an endpoint can answer, by what it is. */
function refusalStatuses(endpoint: Endpoint): number[] {
  const statuses = [400, 404, 422, 429, 500, 503];
  if (endpoint.auth === 'user' || endpoint.auth === 'operator') statuses.push(401, 403);
  if (endpoint.method === 'POST') statuses.push(409, 413, 415);
  return statuses.sort((a, b) => a - b);
}

function tagOf(path: string): string {
  return path.split('/', 1)[0] ?? path;
}

function describeEndpoint(endpoint: Endpoint): string {
  const lines = [
    endpoint.auth === 'user'
      ? 'Needs a live session: `Authorization: Bearer <token>` from `user/login`.'
      : endpoint.auth === 'operator'
        ? `Operator console: \`Authorization: Bearer <token>\` from \`admin/login\`, and a role holding \`${endpoint.permission ?? ''}\` (else 403 FORBIDDEN; docs/operators.md).`
        : 'Public: no session needed.',
  ];
  if (endpoint.isMoneyMoving) {
    lines.push(
      'Moves money: send an `Idempotency-Key` (a fresh random value per action). A retry with the same key and body ' +
        'answers the first result and applies nothing twice; the same key with another body is refused (409 CONFLICT).',
    );
  }
  if (endpoint.rateLimit) {
    lines.push(`Rate limit: ${endpoint.rateLimit.max} calls per ${endpoint.rateLimit.windowMs / 1000} s (429 RATE_LIMITED).`);
  }
  if (endpoint.allowedBeforePasswordChange) lines.push('Allowed while a password change is pending.');
  if (endpoint.countsAsActivity === false) lines.push('Does not keep an idle session alive.');
  return lines.join('\n\n');
}

/** A body with a file (the contract's `fileUpload`) is sent as a form; every other as JSON. */
function bodyMediaType(request: JsonSchema): string {
  const fields = Object.values((request.properties ?? {}) as Record<string, JsonSchema>);
  return fields.some((field) => 'contentMediaType' in field) ? 'multipart/form-data' : 'application/json';
}

function endpointOperation(name: string, endpoint: Endpoint): OpenApiOperation {
  const request = jsonSchema(endpoint.request, 'input');
  const operation: OpenApiOperation = {
    operationId: name,
    tags: [tagOf(endpoint.path)],
    summary: `${endpoint.method} ${endpoint.path}`,
    description: describeEndpoint(endpoint),
    responses: {
      '200': {
        description: 'Success: `{status: true, message, data}`',
        content: { 'application/json': { schema: jsonSchema(successEnvelope(endpoint.data), 'output') } },
      },
      ...refusalResponses(refusalStatuses(endpoint)),
    },
    // Public calls say so (`[]`); a game call's `token` in the body is the game session, not a bearer.
    security: endpoint.auth === 'user' || endpoint.auth === 'operator' ? [{ bearer: [] }] : [],
  };
  const parameters: JsonSchema[] = [];
  if (endpoint.isMoneyMoving) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (endpoint.method === 'GET') {
    const properties = (request.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((request.required ?? []) as string[]);
    for (const [field, schema] of Object.entries(properties)) {
      parameters.push({ name: field, in: 'query', required: required.has(field), schema });
    }
  } else {
    operation.requestBody = { required: true, content: { [bodyMediaType(request)]: { schema: request } } };
  }
  if (parameters.length > 0) operation.parameters = parameters;
  return operation;
}

function walletOperation(operation: (typeof WALLET_OPERATIONS)[number]): OpenApiOperation {
  return {
    operationId: `providerWallet_${operation}`,
    tags: ['provider wallet'],
    summary: `Wallet ${operation} (called by game providers)`,
    description:
      `Seamless wallet API for casino providers (docs/casino.md). The body is signed: \`${WALLET_SIGNATURE_HEADER}\` ` +
      'is base64 RSA-SHA256 over the exact body bytes, checked with the public key of the provider that owns the ' +
      "body's `token` (the game session). Amounts are integer paise. A repeated `transaction_uuid` with the same " +
      'request replays the first answer; with anything else it is `RS_ERROR_DUPLICATE_TRANSACTION`.',
    // The X-Signature header is the check, a signature over each body: no standing credential.
    security: [],
    parameters: [{ $ref: '#/components/parameters/WalletSignature' }],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: jsonSchema(walletRequestSchemas[operation], 'input') } },
    },
    responses: {
      '200': {
        description: `Every answer, refusals included: \`status\` is one of ${WALLET_STATUSES.join(', ')}`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/WalletAnswer' } } },
      },
      '400': {
        description: 'The body is not JSON or fails the schema (status RS_ERROR_UNKNOWN)',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/WalletAnswer' } } },
      },
      ...refusalResponses([]),
    },
  };
}

/**
 * Paths that are not JSON endpoints of the contract: the documents, images and the live socket.
 * All public (`security: []`).
 */
function otherPaths(): OpenApiDocument['paths'] {
  const text = (description: string, type: string) => ({ description, content: { [type]: { schema: { type: 'string' } } } });
  return {
    [`/api/${OPENAPI_DOCUMENT_PATH}`]: {
      get: {
        operationId: 'openApiDocument',
        tags: ['documents'],
        summary: 'This document',
        description: 'The OpenAPI 3.1 description, generated from the contract. Public.',
        security: [],
        responses: {
          '200': { description: 'The document', content: { 'application/json': { schema: { type: 'object' } } } },
          ...refusalResponses([]),
        },
      },
    },
    [`/api/${API_REFERENCE_PATH}`]: {
      get: {
        operationId: 'apiReference',
        tags: ['documents'],
        summary: 'A readable reference page of this document',
        description: 'HTML rendered by the server from this document (no scripts, nothing loaded from elsewhere). Public.',
        security: [],
        responses: { '200': text('The page', 'text/html'), ...refusalResponses([]) },
      },
    },
    [`/api/${UPLOAD_IMAGE_PATH}/{file}`]: {
      get: {
        operationId: 'uploadedImage',
        tags: ['documents'],
        summary: 'An operator-uploaded image (logo, favicon, banner), by its stored name',
        description: 'Public. Names are random; only exact stored names are served.',
        security: [],
        parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': text('The image', 'image/*'), ...refusalResponses([404]) },
      },
    },
    [LIVE_SOCKET_PATH]: {
      get: {
        operationId: 'liveSocket',
        tags: ['live'],
        summary: 'WebSocket: live prices and the player’s own balance',
        description:
          'Upgrade to a WebSocket. Send JSON messages (`LiveClientMessage`): `subscribe`/`unsubscribe` a match ' +
          '(at most 20), `auth` with the session token for balance pushes, `ping`. The server sends `MatchDelta` ' +
          'messages, `{type:"balance", payload}` after each money movement of the authenticated player, and ' +
          'acknowledgements or `{type:"error", message, code}` (docs/sports.md). The messages\' schemas are in ' +
          "`x-websocket-messages`: OpenAPI describes HTTP exchanges, and a socket's messages are not one.",
        security: [],
        responses: {
          '101': { description: 'Switching protocols: the connection is a WebSocket from here on' },
          '404': { description: 'Not a WebSocket upgrade (a plain GET): no body' },
          ...refusalResponses([]),
          // Only 101 is a success here; the one status HTTP has for it is not a 2XX.
          default: {
            description: 'Any other answer is a refusal in the error envelope',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
          },
        },
        'x-websocket-messages': {
          client: jsonSchema(liveClientMessageSchema, 'input'),
          matchDelta: jsonSchema(matchDeltaSchema, 'output'),
        },
      },
    },
  };
}

const INTRODUCTION = `The JSON API of the casino and sportsbook, generated from its contract.

- **Envelope**: every success is \`{status: true, message, data}\` with HTTP 200; every refusal is
  \`{status: false, message, code, request_id}\` with the HTTP status of its \`code\` (table below).
  Unknown fields in a body or query are refused (400).
- **Sessions**: \`user/login\` answers a token; send it as \`Authorization: Bearer <token>\`. 401 and 403
  mean only that the session is gone.
- **Money**: amounts on this API are rupees with at most two decimals (the server keeps integer paise);
  the providers' wallet API uses integer paise. Money-moving calls take an \`Idempotency-Key\` header.
- **Health**: \`GET /api/health\` (the process is alive) and \`GET /api/ready\` (it can take traffic; 503
  otherwise), neither rate limited.`;

/** Builds the document from the endpoint map of the shared contract. */
export function buildOpenApiDocument(endpoints: Record<string, Endpoint>, version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [name, endpoint] of Object.entries(endpoints)) {
    const url = `/api/${endpoint.path}`;
    paths[url] = { ...paths[url], [endpoint.method === 'GET' ? 'get' : 'post']: endpointOperation(name, endpoint) };
  }
  for (const operation of WALLET_OPERATIONS) paths[walletPath(operation)] = { post: walletOperation(operation) };
  Object.assign(paths, otherPaths());

  const byStatus = codesByStatus();
  const responses: Record<string, JsonSchema> = {};
  for (const [status, codes] of byStatus) {
    responses[`Refusal${status}`] = {
      description: `${STATUS_MEANINGS[status] ?? 'Refused'}. Codes: ${codes.join(', ')}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  const tags = [...new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags)))];
  const codeTable = [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, codes]) => `| ${status} | ${codes.map((code) => `\`${code}\``).join(', ')} |`)
    .join('\n');

  return {
    openapi: '3.1.0',
    info: {
      title: 'Casino and sportsbook API',
      version,
      // The operator's own API: publishing its description grants no licence. SPDX spells a
      // licence of its own as LicenseRef-<name>.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description: `${INTRODUCTION}\n\n| Status | Codes |\n| --- | --- |\n${codeTable}`,
    },
    // Relative: the site that serves this document (each operator's own origin) serves the API.
    servers: [{ url: '/', description: 'The site that serves this document' }],
    jsonSchemaDialect: DIALECT,
    tags: tags.map((name) => ({
      name,
      description: name === 'provider wallet' ? 'Called by game providers, signed' : `${name}/…`,
    })),
    paths,
    components: {
      schemas: {
        ErrorEnvelope: jsonSchema(errorEnvelope, 'output'),
        WalletAnswer: jsonSchema(walletAnswerSchema, 'output'),
      },
      responses,
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'One fresh random value per money action (1 to 200 visible ASCII characters); a retry with it applies nothing twice',
          schema: { type: 'string', pattern: '^[!-~]{1,200}$' },
        },
        WalletSignature: {
          name: WALLET_SIGNATURE_HEADER,
          in: 'header',
          required: true,
          description: "base64 RSA-SHA256 over the exact request body bytes, with the provider's private key",
          schema: { type: 'string' },
        },
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token from user/login' } },
    },
  };
}
