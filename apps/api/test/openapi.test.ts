import { createHash } from 'node:crypto';
import { type Endpoint, ERROR_STATUS, endpoints } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_OPERATIONS, WALLET_STATUSES, walletPath } from '../src/modules/casino/wallet-api.schema';
import type { OpenApiDocument } from '../src/modules/operations/openapi';
import { createTestApp, type TestApp, testDatabaseKind } from './test-app';

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  document = res.json() as OpenApiDocument;
});
afterAll(async () => t.close());

type Operation = NonNullable<OpenApiDocument['paths'][string]['get']>;
function operationOf(endpoint: Endpoint): Operation | undefined {
  return document.paths[`/api/${endpoint.path}`]?.[endpoint.method === 'GET' ? 'get' : 'post'];
}

// The document is the same on both databases: check it once.
describe.runIf(testDatabaseKind() === 'sqlite')('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 with every endpoint of the contract, its request and its answer', () => {
    expect(document.openapi).toBe('3.1.0');
    const missing = Object.entries(endpoints as Record<string, Endpoint>)
      .filter(([, endpoint]) => operationOf(endpoint) === undefined)
      .map(([name, endpoint]) => `${name} (${endpoint.method} ${endpoint.path})`);
    expect(missing).toEqual([]);
    for (const [name, endpoint] of Object.entries(endpoints as Record<string, Endpoint>)) {
      const operation = operationOf(endpoint)!;
      expect(operation.operationId).toBe(name);
      const success = (operation.responses['200']?.content as Record<string, { schema: Record<string, unknown> }>)[
        'application/json'
      ]?.schema;
      expect(success?.properties, name).toHaveProperty('data');
      if (endpoint.method === 'POST') expect(operation.requestBody, name).toBeDefined();
      if (endpoint.auth === 'user') {
        expect(operation.security, name).toEqual([{ bearer: [] }]);
        expect(operation.responses['401'], name).toEqual({ $ref: '#/components/responses/Refusal401' });
      }
      if (endpoint.isMoneyMoving)
        expect(operation.parameters, name).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    }
    // Request schemas are the contract's: the login body names its fields, strictly.
    const login = operationOf(endpoints.login)!.requestBody as { content: Record<string, { schema: Record<string, unknown> }> };
    expect(login.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { user_name: expect.any(Object), password: expect.any(Object) },
      additionalProperties: false,
    });
  });

  it('describes the error envelope with the closed list of codes, each refusal status naming its codes', () => {
    const envelope = document.components.schemas.ErrorEnvelope as { properties: { code: { enum: string[] } } };
    expect(envelope.properties.code.enum.sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(String(document.components.responses[`Refusal${status}`]?.description)).toContain(code);
    }
  });

  it('describes the providers’ wallet API with its signature header and every status', () => {
    for (const operation of WALLET_OPERATIONS) {
      const described = document.paths[walletPath(operation)]?.post;
      expect(described, operation).toBeDefined();
      expect(described?.parameters).toContainEqual({ $ref: '#/components/parameters/WalletSignature' });
      expect(described?.requestBody).toBeDefined();
    }
    expect(document.components.parameters.WalletSignature).toMatchObject({ name: 'X-Signature', in: 'header', required: true });
    const answer = document.components.schemas.WalletAnswer as { properties: { status: { enum: string[] } } };
    expect(answer.properties.status.enum).toEqual([...WALLET_STATUSES]);
  });
});

describe.runIf(testDatabaseKind() === 'sqlite')('GET /api/ws without an upgrade', () => {
  it('answers as described: 404 with no body', async () => {
    expect(document.paths['/api/ws']?.get?.responses['404']).toEqual({
      description: 'Not a WebSocket upgrade (a plain GET): no body',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/ws' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('');
  });
});

describe.runIf(testDatabaseKind() === 'sqlite')('GET /api/docs', () => {
  it('is a readable page of every path, self-contained, whose one inline style its own policy allows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const page = res.body;
    for (const path of Object.keys(document.paths)) expect(page).toContain(path.replaceAll("'", '&#39;'));
    expect(page).not.toMatch(/<script|https?:\/\/(?!json-schema\.org)/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    );
  });
});
