import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Clock } from '../src/lib/clock';
import type { SmsMessage, SmsProvider } from '../src/modules/sms/sms-provider';
import { upsertSetting } from '../src/modules/settings/settings.repository';
import { SETTINGS_CACHE_MS } from '../src/modules/settings/settings.service';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

/** A clock the test moves by hand. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2026, 0, 15, 12, 0, 0)): ManualClock {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms) };
}

/** An SMS provider that keeps every message, so a test can read the code a player would get. */
export interface SmsRecorder extends SmsProvider {
  messages: SmsMessage[];
  lastCodeFor(mobile: string): string;
}

export function smsRecorder(): SmsRecorder {
  const messages: SmsMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
    lastCodeFor(mobile) {
      const message = messages.filter((m) => m.mobile === mobile).at(-1);
      const code = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was sent to ${mobile}`);
      return code;
    },
  };
}

/** POST /api/<path> to `app`, as a browser would send it (optionally with a bearer token). */
export type ApiPost = (
  path: string,
  payload?: unknown,
  options?: { token?: string; ip?: string; userAgent?: string },
) => Promise<LightMyRequestResponse>;

export function apiPost(app: FastifyInstance): ApiPost {
  return (path, payload = {}, opts = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/${path}`,
      payload: payload as Record<string, unknown>,
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: {
        'user-agent': opts.userAgent ?? 'vitest',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
    });
}

export interface AccountsTestApp extends TestApp {
  clock: ManualClock;
  sms: SmsRecorder;
  post: ApiPost;
  login(userName: string, password: string, ip?: string): Promise<string>;
  setSetting(key: string, value: string): Promise<void>;
}

export async function createAccountsTestApp(options: TestAppOptions = {}): Promise<AccountsTestApp> {
  const clock = manualClock(options.clockStart);
  const sms = smsRecorder();
  const t = await createTestApp({ clock, ...options, deps: { smsProvider: sms, ...options.deps } });
  const post = apiPost(t.app);
  return {
    ...t,
    clock,
    sms,
    post,
    async login(userName, password, ip) {
      const res = await post('user/login', { user_name: userName, password, type: 'C' }, ip ? { ip } : {});
      if (res.statusCode !== 200) throw new Error(`login of ${userName} failed: ${res.body}`);
      return res.json().data.token as string;
    },
    async setSetting(key, value) {
      await upsertSetting(t.database.db, key, value, clock.now());
      // The settings service keeps values for a moment: step past it.
      clock.advance(SETTINGS_CACHE_MS + 1);
    },
  };
}
