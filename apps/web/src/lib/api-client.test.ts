import { AWAITING_APPROVAL } from '@app/shared';
import { endpoints } from '@/lib/api-routes';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from './test-i18n';
import { ApiError, callApi, callApiForm, createApiClient, onSessionEnded } from './api-client';
import { memoryStorage } from './test-storage';

// The one request core (lib/api-client.ts) as the player's client uses it (docs/shell.md "Errors").

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
  );
}

function sent(fetch: ReturnType<typeof answer>): { url: string; headers: Record<string, string>; init: RequestInit } {
  const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

beforeAll(() => initTestI18n('en'));

describe('the player’s API client', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    localStorage.setItem('token', 'player-token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a GET’s body as its query, with the player’s token', async () => {
    const fetch = answer(200, { status: true, message: 'ok', data: [] });
    vi.stubGlobal('fetch', fetch);
    const result = await callApi(endpoints.casinoGameList, { category: 'slot', search: 'gold' });
    const { url, headers, init } = sent(fetch);
    expect(url).toBe('/api/casino/gameList?category=slot&search=gold');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.authorization).toBe('Bearer player-token');
    expect(result).toEqual({ data: [], message: 'ok' });
  });

  it('sends a POST as JSON with its Idempotency-Key, and a form as it is', async () => {
    const fetch = answer(200, { status: true, message: 'ok', data: {} });
    vi.stubGlobal('fetch', fetch);
    await callApi(endpoints.logout, {}, { idempotencyKey: 'key-1' });
    expect(sent(fetch).headers['idempotency-key']).toBe('key-1');
    expect(sent(fetch).headers['content-type']).toBe('application/json');
    expect(sent(fetch).init.body).toBe('{}');
    const form = new FormData();
    await callApiForm(endpoints.logout, form, { idempotencyKey: 'key-2' });
    const [, formInit] = fetch.mock.calls[1] as [string, RequestInit];
    expect(formInit.body).toBe(form);
    expect((formInit.headers as Record<string, string>)['idempotency-key']).toBe('key-2');
    expect((formInit.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('throws a refusal as an ApiError with its code, and ends the player’s session on a 401 or 403', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    vi.stubGlobal('fetch', answer(401, { status: false, message: 'Session expired', code: 'SESSION_EXPIRED' }));
    await expect(callApi(endpoints.logout, {})).rejects.toMatchObject({
      status: 401,
      code: 'SESSION_EXPIRED',
      message: 'Session expired',
    });
    vi.stubGlobal('fetch', answer(403, { status: false, message: 'Forbidden', code: 'FORBIDDEN' }));
    await expect(callApi(endpoints.logout, {})).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal('fetch', answer(429, { status: false, message: 'Slow down', code: 'RATE_LIMITED' }, { 'retry-after': '2.5' }));
    await expect(callApi(endpoints.logout, {})).rejects.toMatchObject({ status: 429, retryAfterSeconds: 3 });
    stop();
    expect(ended.mock.calls).toEqual([['SESSION_EXPIRED'], ['FORBIDDEN']]);
  });

  it('says the network failed when there is no answer at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callApi(endpoints.logout, {})).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('reads a 202 awaiting_approval as a refusal unless the client reads four-eyes answers', async () => {
    const body = {
      status: 'awaiting_approval',
      message: 'Waits',
      request_id: 7,
      data: { status: 'awaiting_approval', request_id: 7 },
    };
    vi.stubGlobal('fetch', answer(202, body));
    await expect(callApi(endpoints.logout, {})).rejects.toBeInstanceOf(ApiError);
    const fourEyes = createApiClient({ readToken: () => null, awaitingApprovalStatus: AWAITING_APPROVAL });
    await expect(fourEyes.call(endpoints.logout, {})).resolves.toMatchObject({ awaiting: { request_id: 7 } });
  });
});
