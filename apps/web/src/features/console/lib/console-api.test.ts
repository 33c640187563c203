import { adminPlayers, adminWalletAdjust } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { callConsole, callConsoleFourEyes } from './console-api';
import { clearConsoleSession, getConsoleSession, storeConsoleSession, takeEndedReason } from './console-session';
import { memoryStorage } from '@/lib/test-storage';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('the console’s API client', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('localStorage', memoryStorage());
    localStorage.setItem('token', 'player-token');
    storeConsoleSession({ token: 'operator-token', role: 'finance', operator: 'asha', permissions: ['players.view'] });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the operator’s token, never the player’s', async () => {
    const fetch = answer(200, { status: true, message: 'ok', data: { rows: [], page: 1, limit: 50, total_rows: 0 } });
    vi.stubGlobal('fetch', fetch);
    await callConsole(adminPlayers, {});
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/players');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer operator-token');
  });

  it('ends the console session on a 401, and leaves the player’s alone', async () => {
    vi.stubGlobal('fetch', answer(401, { status: false, message: 'Session expired', code: 'SESSION_EXPIRED' }));
    await expect(callConsole(adminPlayers, {})).rejects.toMatchObject({ status: 401 });
    expect(getConsoleSession()).toBeNull();
    expect(localStorage.getItem('token')).toBe('player-token');
  });

  it('says no session ended when a call without one is refused (a wrong login)', async () => {
    clearConsoleSession();
    vi.stubGlobal('fetch', answer(401, { status: false, message: 'Session expired', code: 'SESSION_EXPIRED' }));
    await expect(callConsole(adminPlayers, {})).rejects.toMatchObject({ status: 401 });
    expect(takeEndedReason()).toBeNull();
  });

  it('sends the Idempotency-Key of a money act', async () => {
    const fetch = answer(200, { status: true, message: 'ok', data: {} });
    vi.stubGlobal('fetch', fetch);
    await callConsole(
      adminWalletAdjust,
      { user_name: 'ravi', direction: 'credit', amount: 500, reason: 'goodwill' },
      { idempotencyKey: 'k-1' },
    );
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('k-1');
  });

  it('keeps the operator logged in on a 403 FORBIDDEN and says so in a toast', async () => {
    const shown = vi.spyOn(toast, 'error');
    vi.stubGlobal('fetch', answer(403, { status: false, message: 'Your role may not do this', code: 'FORBIDDEN' }));
    await expect(callConsole(adminPlayers, {})).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(getConsoleSession()?.token).toBe('operator-token');
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('reads a 202 awaiting_approval as waiting for a second operator, not as done', async () => {
    vi.stubGlobal(
      'fetch',
      answer(202, {
        status: 'awaiting_approval',
        message: 'Above the four-eyes amount',
        request_id: 7,
        data: { status: 'awaiting_approval', request_id: 7 },
      }),
    );
    const result = await callConsoleFourEyes(adminWalletAdjust, {
      user_name: 'ravi',
      direction: 'credit',
      amount: 60_000,
      reason: 'goodwill',
    });
    expect(result).toMatchObject({ isAwaiting: true, awaiting: { request_id: 7 } });
  });
});
