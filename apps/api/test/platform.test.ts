import { DEFAULT_GLOBAL_SETTINGS, SETTING_KEYS, SPORTS, defineEndpoint } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoint } from '../src/plugins/contract';
import { createTestApp, type TestApp } from './test-app';

const rateLimited = defineEndpoint({
  method: 'POST',
  path: 'test/limited',
  auth: 'public',
  request: z.strictObject({}),
  data: z.object({ ok: z.boolean() }),
  rateLimit: { max: 2, windowMs: 60_000 },
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      registerEndpoint(app, rateLimited, async () => ({ data: { ok: true } }));
      app.get('/api/test/explode', async () => {
        throw new Error('SELECT secret FROM users WHERE 1 /home/app/src/db.ts');
      });
    },
  });
});
afterAll(async () => t.close());

describe('global settings', () => {
  it('serves every field of the spec with the documented defaults and no others', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/globalSetting/getGlobalSetting' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual([...SETTING_KEYS].sort());
    expect(body.data).toMatchObject({ sign_up: '1', demo: '1', otp_enable: '0', payment_gateway: '0', site_title: '' });
    expect(body.data.bg_primary_color).toBe(DEFAULT_GLOBAL_SETTINGS.bg_primary_color);
  });

  it('fills demo branding on first start: stored logo, favicon and banner that the image route serves', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/globalSetting/getGlobalSetting' })).json();
    for (const key of ['logo', 'favicon', 'welcome_banner'] as const) {
      expect(data[key]).toMatch(/^[a-f0-9]{32}\.png$/);
      const image = await t.app.inject({ method: 'GET', url: `/api/upload/image/${data[key]}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });
});

describe('upload/image', () => {
  it('never serves a file outside the upload folder for a dot-dot path', async () => {
    // The URL normalises to /etc/passwd, a client route: the app page, never the file.
    const res = await t.app.inject({ method: 'GET', url: '/api/upload/image/../../../etc/passwd' });
    expect(res.body).not.toContain('root:');
    expect(res.headers['content-type']).not.toMatch(/^image\//);
  });

  it.each([
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2fpackage.json',
    'package.json',
    'deadbeefdeadbeef.png',
    'DEADBEEFDEADBEEF.png',
    'deadbeefdeadbeef.svg',
  ])('answers 404 for %s', async (name) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/upload/image/${name}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });
});

describe('sports catalogue', () => {
  it('lists the 26 sports of the spec with their ids, names and is_active', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sport/getSports', payload: {} });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(26);
    expect(data.map((sport: { sport_id: number }) => sport.sport_id)).toEqual(SPORTS.map((sport) => sport.sportId));
    expect(data[0]).toEqual({ sport_id: 4, name: 'cricket', is_active: '1' });
  });

  it('accepts a POST with no body at all', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sport/getSports' });
    expect(res.statusCode).toBe(200);
  });
});

describe('refusals', () => {
  it('answers malformed JSON with 400 and a request id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sport/getSports',
      headers: { 'content-type': 'application/json' },
      payload: '{"sport_id":',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: false, code: 'MALFORMED_JSON' });
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).toBe(body.request_id);
  });

  it('refuses unknown body fields with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sport/getSports', payload: { balance: 100 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
    expect(res.json().message).toMatch(/balance/);
  });

  it('refuses unknown query fields on GET with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/globalSetting/getGlobalSetting?admin=1' });
    expect(res.statusCode).toBe(400);
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing/here', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });

  it('never shows a stack, SQL text or a file path for a server fault', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ status: false, code: 'INTERNAL' });
    expect(res.body).not.toMatch(/SELECT|\/home\/|\.ts|at /);
    expect(body.request_id).toBeTruthy();
  });

  it('limits a rate-limited endpoint with 429 and a clear message', async () => {
    const call = () => t.app.inject({ method: 'POST', url: '/api/test/limited', payload: {} });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: false, code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/try again in \d+ seconds/);
  });
});

describe('security headers', () => {
  it.each(['/api/globalSetting/getGlobalSetting', '/home', '/api/nothing', '/assets/i18n/en.json'])('are on %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('give the pages a policy that allows only our own scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/report/current-bets' });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
  });

  it('answer HEAD for a page like GET', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/home' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('give JSON answers a policy that loads nothing and a no-store cache rule', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sport/getSports', payload: {} });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
