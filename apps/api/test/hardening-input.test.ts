import { connect } from 'node:net';
import { ERROR_STATUS } from '@app/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';
import { createTestApp, type TestApp, testDatabaseKind } from './test-app';

/**
 * Every refusal is a clear 4xx (docs/refusals.md, "Text every endpoint refuses") in the envelope
 * with the security headers, on SQLite and PostgreSQL alike, whatever the text, the URL or the pace
 * of the client.
 */
let t: AccountsTestApp;
let ipCounter = 0;
const nextIp = () => `10.90.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(async () => t.close());

function expectRefusal(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ status: false, message: expect.any(String) });
  expect(ERROR_STATUS[body.code as keyof typeof ERROR_STATUS]).toBe(status);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  return body as { message: string; code: string };
}

describe(`text no database can store (${testDatabaseKind()})`, () => {
  it.each([
    ['user/login', { user_name: 'a\u0000b', password: 'Whatever2026', type: 'C' }, 'user_name'],
    [
      'user/forgotPassord',
      { mobile: '9123456789', password: 'Sunrise2026', confrim_passowrd: 'Sunrise2026', otp: '123456', request_id: 'a\u0000b' },
      'request_id',
    ],
    [
      'user/signup',
      {
        user_name: 'nul_user',
        mobile: '9123456788',
        password: 'Sunrise2026',
        confirm_password: 'Sunrise2026',
        currency: 'INR',
        referal_code: 'x\u0000y',
      },
      'referal_code',
    ],
    ['user/login', { user_name: 'lone\ud800', password: 'Whatever2026', type: 'C' }, 'user_name'],
  ])('%s with NUL or a lone surrogate in %j is a 400 naming the field', async (path, body, field) => {
    const res = await t.post(path, body, { ip: nextIp() });
    const refusal = expectRefusal(res, 400);
    expect(refusal.code).toBe('BAD_REQUEST');
    expect(refusal.message).toBe(`${field}: must not contain NUL characters or broken unicode`);
  });

  it('a NUL inside the raw JSON text of a user call is refused the same way', async () => {
    const token = await t.login('player1', 'Player2026', nextIp());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/setButtonValue',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '[{"button_name":"a\\u0000","button_value":100,"type":"Game"}]',
    });
    expect(expectRefusal(res, 400).message).toBe('0.button_name: must not contain NUL characters or broken unicode');
  });
});

describe('errors raised by the router', () => {
  it('a URL with a broken percent escape gets the 400 envelope and the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home%E0%A4%A' });
    expect(expectRefusal(res, 400).code).toBe('BAD_REQUEST');
    expect(res.body).not.toContain('FST_ERR');
  });

  it('an over-long upload name gets a 4xx envelope that does not echo the path', async () => {
    const name = 'a'.repeat(120);
    const res = await t.app.inject({ method: 'GET', url: `/api/upload/image/${name}.png` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectRefusal(res, res.statusCode);
    expect(res.body).not.toContain(name);
  });
});

describe('slow clients', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '1000', SEED_DEMO_DATA: '0' } });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => slow.close());

  it('a body that never finishes is answered 408 in the envelope and the connection closed', { timeout: 60_000 }, async () => {
    const address = slow.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write('POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    // Closed by the server, not by this test: no timer here, the test's own timeout is the limit.
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ status: false, code: 'REQUEST_TIMEOUT' });
    expect(received.toLowerCase()).toContain('x-content-type-options: nosniff');
  });
});
