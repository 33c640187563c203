import { adminEndpoints, ERROR_STATUS, type Endpoint, endpoints } from '@app/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from '../src/lib/json-depth';
import { findUnstorableText } from '../src/plugins/contract';
import { createOperatorsService, totpCode, totpStep } from '../src/modules/operators';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';
import { type FuzzBody, fuzzBody, HOSTILE_CHARACTERS, type ShapedBody, shapedBody, toJsonText } from './support/fuzz-bodies';
import { testDatabaseKind } from './test-app';

/**
 * The fuzz suite (docs/refusals.md, "The suites"): for every endpoint of the contract, bodies
 * generated from its zod schema and then broken in every way (support/fuzz-bodies.ts), sent through
 * the real HTTP layer on SQLite and PostgreSQL. Whatever arrives:
 * - no answer is a 5xx;
 * - a body the contract refuses (or one holding text no database can store) never succeeds;
 * - every refusal is the envelope `{status:false, message, code}` with the status of its code and
 *   the security headers.
 * FUZZ_RUNS (default 60) sets the bodies per endpoint; a failure prints fast-check's seed and path.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** The console's calls share one schema style and one auth hook: fewer bodies each keeps CI's budget. */
const ADMIN_RUNS = Math.max(5, Math.round(RUNS / 6));

let t: AccountsTestApp;
let token = '';
/** An owner's console session: every admin/* call lets it in, so the bodies reach the handlers. */
let operatorToken = '';
let operatorSecret = '';
let ipCounter = 0;
/** Every request from its own address: the per-address limits would otherwise answer for the contract. */
const nextIp = () => `10.${100 + Math.floor(++ipCounter / 65_000)}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;

async function freshToken(): Promise<string> {
  const res = await t.post('user/demoLogin', { user_name: 'demo' }, { ip: nextIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

/** A new console login: the clock moves to the next TOTP step, since each code logs in once. */
async function freshOperatorToken(): Promise<string> {
  t.clock.advance(30_000);
  const totp = totpCode(operatorSecret, totpStep(t.clock.now()));
  const res = await t.post('admin/login', { user_name: 'fuzz-owner', password: 'Fuzz#Owner2026', totp }, { ip: nextIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

beforeAll(async () => {
  t = await createAccountsTestApp();
  token = await freshToken();
  operatorSecret = (
    await createOperatorsService(t.database.db, t.clock).create({ name: 'fuzz-owner', password: 'Fuzz#Owner2026', role: 'owner' })
  ).secret;
  operatorToken = await freshOperatorToken();
});
afterAll(async () => t.close());

/** The parsed body the server sees, or undefined when the text is no JSON at all. */
function parsed(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** Garbage: the contract refuses it, or it holds text no database can store as sent. */
function isGarbage(endpoint: Endpoint, text: string): boolean {
  const body = parsed(text);
  if (!body) return true;
  // The server refuses prototype keys outright (secure-json-parse), whatever the schema says.
  if (/"(__proto__|constructor)"\s*:/.test(text)) return true;
  return !endpoint.request.safeParse(body.value ?? {}).success || findUnstorableText(body.value) !== undefined;
}

function send(endpoint: Endpoint, text: string): Promise<LightMyRequestResponse> {
  const headers = {
    'user-agent': 'fuzz',
    ...(endpoint.auth === 'user' ? { authorization: `Bearer ${token}` } : {}),
    ...(endpoint.auth === 'operator' ? { authorization: `Bearer ${operatorToken}` } : {}),
  };
  if (endpoint.method === 'GET') {
    // A GET carries its fields in the query: the body's text becomes one unknown parameter.
    const query = `?${encodeURIComponent('q')}=${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '?'))}`;
    return t.app.inject({ method: 'GET', url: `/api/${endpoint.path}${query}`, headers, remoteAddress: nextIp() });
  }
  return t.app.inject({
    method: 'POST',
    url: `/api/${endpoint.path}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: text,
    remoteAddress: nextIp(),
  });
}

function checkAnswer(endpoint: Endpoint, body: FuzzBody, text: string, res: LightMyRequestResponse): void {
  const context = `${endpoint.path} ${text.slice(0, 300)} (${body.mutations.join(', ') || 'no mutation'}) → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  expect(res.headers['x-content-type-options'], context).toBe('nosniff');
  expect(res.headers['content-security-policy'], context).toContain("frame-ancestors 'none'");
  const garbage = endpoint.method === 'GET' || isGarbage(endpoint, text);
  if (res.statusCode < 300) {
    expect(garbage, `garbage accepted: ${context}`).toBe(false);
    return;
  }
  const answer = res.json() as { status: unknown; message: unknown; code: keyof typeof ERROR_STATUS };
  expect(answer.status, context).toBe(false);
  expect(typeof answer.message === 'string' && answer.message.length > 0, context).toBe(true);
  expect(ERROR_STATUS[answer.code], context).toBe(res.statusCode);
}

describe(`contract fuzzing (${testDatabaseKind()})`, () => {
  it('the generator produces the hostile characters the suite is for', () => {
    expect(HOSTILE_CHARACTERS).toEqual(expect.arrayContaining(['\u0000', '\u202E', '\uD800']));
  });

  const everyEndpoint = [
    ...(Object.entries(endpoints) as [string, Endpoint][]).map(([name, endpoint]) => ({ name, endpoint, runs: RUNS })),
    ...(Object.entries(adminEndpoints) as [string, Endpoint][]).map(([name, endpoint]) => ({ name, endpoint, runs: ADMIN_RUNS })),
  ];
  for (const { name, endpoint, runs } of everyEndpoint) {
    it(
      `${name} (${endpoint.method} ${endpoint.path}): no 5xx, no success on garbage, every refusal in the envelope`,
      {
        timeout: 180_000,
      },
      async () => {
        await fc.assert(
          fc.asyncProperty(fuzzBody(endpoint.request), async (body) => {
            const text = toJsonText(body.value);
            const res = await send(endpoint, text);
            checkAnswer(endpoint, body, text, res);
            // A call that ended the session (logout): the next ones need a live one.
            if (endpoint.auth === 'operator') {
              if (res.statusCode === 401 || (endpoint === adminEndpoints.adminLogout && res.statusCode === 200)) {
                operatorToken = await freshOperatorToken();
              }
            } else if (res.statusCode === 401 || (endpoint === endpoints.logout && res.statusCode === 200))
              token = await freshToken();
          }),
          { numRuns: runs },
        );
      },
    );
  }
});

const BODY_LIMIT_BYTES = 64 * 1024;
const SHAPE_RUNS = Number(process.env.FUZZ_SHAPE_RUNS ?? 300);
const WALLET_PATHS = [
  '/api/provider/wallet/user/balance',
  '/api/provider/wallet/transaction/bet',
  '/api/provider/wallet/transaction/win',
  '/api/provider/wallet/transaction/rollback',
];
/** Where a shaped body goes: every endpoint that takes a body, and the provider wallet. */
const BODY_TARGETS = [
  ...(Object.values(endpoints) as Endpoint[]).filter((endpoint) => endpoint.method !== 'GET').map((endpoint) => ({ endpoint })),
  // The console's calls too, with an owner's session, so the body reaches its handler.
  ...(Object.values(adminEndpoints) as Endpoint[]).map((endpoint) => ({ endpoint })),
  ...WALLET_PATHS.map((path) => ({ path })),
];

describe(`bodies hostile by shape: deep, wide, long (${testDatabaseKind()})`, () => {
  it(
    'a body nested deeper than the limit is a 400 naming the limit, on every endpoint and the provider wallet; none is a 5xx',
    { timeout: 300_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...BODY_TARGETS), shapedBody, async (target, body: ShapedBody) => {
          const url = 'endpoint' in target ? `/api/${target.endpoint.path}` : target.path;
          const isUserCall = 'endpoint' in target && target.endpoint.auth === 'user';
          const isOperatorCall = 'endpoint' in target && target.endpoint.auth === 'operator';
          const send = () =>
            t.app.inject({
              method: 'POST',
              url,
              headers: {
                'content-type': 'application/json',
                'user-agent': 'fuzz',
                ...(isUserCall ? { authorization: `Bearer ${token}` } : {}),
                ...(isOperatorCall ? { authorization: `Bearer ${operatorToken}` } : {}),
                ...('path' in target ? { 'x-signature': 'bm90IGEgc2lnbmF0dXJlIGF0IGFsbA==' } : {}),
              },
              payload: body.text,
              remoteAddress: nextIp(),
            });
          let res = await send();
          // An earlier call of the run (a logout, a password change) may have ended the session:
          // the session is checked before the body, so ask again with a live one.
          if (isUserCall && res.statusCode === 401) {
            token = await freshToken();
            res = await send();
          }
          if (isOperatorCall && res.statusCode === 401) {
            operatorToken = await freshOperatorToken();
            res = await send();
          }
          const context = `${url} ${body.shape} depth ${body.depth}, ${body.text.length} chars → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          const answer = res.json() as { status: unknown; message?: string };
          if (Buffer.byteLength(body.text) > BODY_LIMIT_BYTES) {
            expect(res.statusCode, context).toBe(413);
          } else if (body.depth > MAX_JSON_DEPTH) {
            expect(res.statusCode, context).toBe(400);
            expect(answer.message, context).toBe(JSON_TOO_DEEP_MESSAGE);
            expect(answer.status, context).toBe('endpoint' in target ? false : 'RS_ERROR_UNKNOWN');
          } else {
            expect(answer.message, context).not.toBe(JSON_TOO_DEEP_MESSAGE);
          }
        }),
        { numRuns: SHAPE_RUNS },
      );
    },
  );
});

/** Every money call of the console, with an owner's session: the Idempotency-Key is the attacker's. */
const ADMIN_MONEY_CALLS = (Object.values(adminEndpoints) as Endpoint[]).filter((endpoint) => endpoint.isMoneyMoving);
const hostileKey = fc.oneof(
  fc.string({ minLength: 0, maxLength: 260 }),
  fc.constantFrom('', ' ', 'a'.repeat(201), 'key\u0000nul', 'ключ', '\uD800', 'k\r\nx-injected: 1', '*'),
);

describe(`the console's money calls under hostile Idempotency-Keys (${testDatabaseKind()})`, () => {
  it(
    'no 5xx, a key outside 1 to 200 visible ASCII characters is a 400, and a key never opens another body',
    { timeout: 300_000 },
    async () => {
      expect(ADMIN_MONEY_CALLS.length).toBeGreaterThanOrEqual(9);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ADMIN_MONEY_CALLS), hostileKey, async (endpoint, key) => {
          const send = () =>
            t.app.inject({
              method: 'POST',
              url: `/api/${endpoint.path}`,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${operatorToken}`, 'idempotency-key': key },
              payload: '{}',
              remoteAddress: nextIp(),
            });
          let res: LightMyRequestResponse;
          try {
            res = await send();
          } catch {
            // A header value Node refuses to send at all never reaches the server.
            return;
          }
          if (res.statusCode === 401) {
            operatorToken = await freshOperatorToken();
            res = await send();
          }
          const context = `${endpoint.path} key ${JSON.stringify(key).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
          if (!/^[\x21-\x7e]{1,200}$/.test(key)) expect(res.statusCode, context).toBe(400);
          expect(res.json().status, context).toBe(false);
        }),
        { numRuns: Math.max(40, RUNS) },
      );
    },
  );
});

describe(`multipart forms cut or mangled anywhere (${testDatabaseKind()})`, () => {
  const form = (boundary: string, fileBytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="legal_name"\r\n\r\nAsha Rao\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="date_of_birth"\r\n\r\n1990-04-01\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      fileBytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

  it('kyc/submit and admin/uploadImage: never a 5xx, every refusal in the envelope', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('kyc/submit', 'admin/uploadImage'),
        fc.uint8Array({ minLength: 0, maxLength: 2_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        async (path, bytes, cutAt, isBoundaryWrong) => {
          const boundary = 'fuzzboundary0123';
          const whole = form(boundary, Buffer.from(bytes));
          const payload = whole.subarray(0, Math.floor(whole.length * cutAt));
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/${path}`,
            headers: {
              'content-type': `multipart/form-data; boundary=${isBoundaryWrong ? 'another' : boundary}`,
              authorization: `Bearer ${path.startsWith('admin/') ? operatorToken : token}`,
            },
            payload,
            remoteAddress: nextIp(),
          });
          if (res.statusCode === 401) {
            if (path.startsWith('admin/')) operatorToken = await freshOperatorToken();
            else token = await freshToken();
            return;
          }
          const context = `${path} cut at ${payload.length}/${whole.length} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
          const answer = res.json() as { status: unknown; code: keyof typeof ERROR_STATUS };
          expect(answer.status, context).toBe(false);
          expect(ERROR_STATUS[answer.code], context).toBe(res.statusCode);
        },
      ),
      { numRuns: Math.max(60, RUNS) },
    );
  });
});
