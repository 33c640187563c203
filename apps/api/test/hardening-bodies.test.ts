import { ERROR_STATUS } from '@app/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isJsonTooDeep, JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from '../src/lib/json-depth';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';
import { testDatabaseKind } from './test-app';

/**
 * A body is bounded (docs/refusals.md, "Bodies: bounded in size and depth before anything walks
 * them") in depth before anything recursive sees it. 20,000 `[` (or `{"a":` 5,000 deep) answered
 * 500 (`Maximum call stack size exceeded` in the unstorable-text check) on every contract endpoint;
 * now the JSON parser's pre-scan refuses it with a 400 naming the limit, on every endpoint and the
 * provider wallet alike. (The fuzz suite adds deep, wide and long bodies of every shape:
 * fuzz-contract.test.ts.)
 */
let t: AccountsTestApp;
let ipCounter = 0;
const nextIp = () => `10.91.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(async () => t.close());

const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

function send(url: string, payload: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
    remoteAddress: nextIp(),
  });
}

function expectTooDeep(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body).toMatchObject({ status: false, code: 'BAD_REQUEST', message: JSON_TOO_DEEP_MESSAGE });
  expect(ERROR_STATUS[body.code as keyof typeof ERROR_STATUS]).toBe(400);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  // The body was read whole: the connection stays open for the client's next request.
  expect(res.headers.connection).not.toBe('close');
}

describe(`bodies nested too deeply (${testDatabaseKind()})`, () => {
  it.each([
    ['20,000 [ then 20,000 ]', arrays(20_000)],
    ['{"a": nested 5,000 deep', objects(5_000)],
    ['one level past the limit', arrays(MAX_JSON_DEPTH + 1)],
    ['deep inside an ordinary field', `{"user_name":${arrays(10_000)},"password":"x","type":"C"}`],
    ['deep and never closed', '['.repeat(30_000)],
  ])('%s: user/login answers 400 naming the limit', async (_name, payload) => {
    expectTooDeep(await send('/api/user/login', payload));
  });

  it('bet/placeMarketBet (a logged-in call) refuses it the same way, before its handler runs', async () => {
    const token = await t.login('player1', 'Player2026', nextIp());
    expectTooDeep(await send('/api/bet/placeMarketBet', arrays(20_000), { authorization: `Bearer ${token}` }));
  });

  it('a body at the limit is judged by its contract as before (a schema refusal, not the depth one)', async () => {
    const res = await send('/api/user/login', `{"user_name":${arrays(MAX_JSON_DEPTH - 1)},"password":"x","type":"C"}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toBe(JSON_TOO_DEEP_MESSAGE);
    expect(res.json().message).toContain('user_name');
  });

  it('brackets inside strings do not count, escaped quotes included', async () => {
    const decoy = JSON.stringify(`${'['.repeat(500)}"\\${'{'.repeat(500)}`);
    const res = await send('/api/user/login', `{"user_name":${decoy},"password":"Whatever2026","type":"C"}`);
    expect(res.json().message).not.toBe(JSON_TOO_DEEP_MESSAGE);
    expect(res.statusCode).toBeLessThan(500);
  });

  it.each(['balance', 'bet', 'win', 'rollback'])(
    'the provider wallet (%s) answers 400 RS_ERROR_UNKNOWN naming the limit',
    async (operation) => {
      const url = operation === 'balance' ? '/api/provider/wallet/user/balance' : `/api/provider/wallet/transaction/${operation}`;
      for (const payload of [arrays(20_000), objects(5_000)]) {
        const res = await send(url, payload, { 'x-signature': 'bm90IGEgc2lnbmF0dXJlIGF0IGFsbA==' });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ status: 'RS_ERROR_UNKNOWN', message: JSON_TOO_DEEP_MESSAGE });
      }
    },
  );

  it('a multipart upload is refused as a media type before any parsing, on an endpoint and on the upload path', async () => {
    const boundary = 'x-boundary';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\nContent-Type: application/json\r\n\r\n${arrays(20_000)}\r\n--${boundary}--\r\n`;
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const onEndpoint = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: multipart,
      headers,
      remoteAddress: nextIp(),
    });
    expect(onEndpoint.statusCode).toBe(415);
    expect(onEndpoint.json()).toMatchObject({ status: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const onUploads = await t.app.inject({ method: 'POST', url: '/api/upload/image/a.png', payload: multipart, headers });
    expect(onUploads.statusCode).toBeGreaterThanOrEqual(400);
    expect(onUploads.statusCode).toBeLessThan(500);
    expect(onUploads.json()).toMatchObject({ status: false });
  });
});

describe('the pre-scan', () => {
  it('counts nesting outside strings only and stops at the first bracket past the limit', () => {
    expect(isJsonTooDeep(arrays(64))).toBe(false);
    expect(isJsonTooDeep(arrays(65))).toBe(true);
    expect(isJsonTooDeep(`[${JSON.stringify('['.repeat(100))}]`)).toBe(false);
    expect(isJsonTooDeep(`[${JSON.stringify('\\"[[[[')}]`, 2)).toBe(false);
    expect(isJsonTooDeep('[[[', 2)).toBe(true);
    // Siblings are not nesting: a wide body is not deep.
    expect(isJsonTooDeep(`[${'[],'.repeat(10_000)}[]]`)).toBe(false);
  });
});
