import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { auditLedger } from '../src/modules/money';
import { sandboxSignature } from '../src/modules/payments';
import { CUSTOMER_USER_TYPE, createUser, SUB_ACCOUNT_PARENT_ID } from '../src/modules/users';
import type { TestAppOptions } from './test-app';
import { createWalletApiApp, PLAYER_PASSWORD, type WalletApiApp } from './wallet-support';

/** The sandbox secret the payment tests sign with (PAYMENT_SANDBOX_SECRET). */
export const SANDBOX_SECRET = 'payments-test-secret-0123456789abcdef';
export const CALLBACK_URL = '/api/payment/callback/sandbox';

/** A tiny real PNG: the identity document of the tests. */
/**
 * A photo an identity check accepts: a PNG of 640×400 pixels that decodes whole (documents are
 * checked by content, docs/payments.md "Identity"). Also any image upload's bytes.
 */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAoAAAAGQCAIAAACxkUZyAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAFAUlEQVR42u3VMQ0AAAgEsfevjBkR6MAFA2lSBbdcqgcAOBYJAMCAAcCAAQADBgADBgAMGAAMGAAwYAAwYADAgAHAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAwIABwIABwIABAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAcCAAQADBgADBgAMGAAMGAAwYAAwYADAgAHAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAwIABwIABwIABAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAcCAAQADBgADBgAMGAAMGAAwYAAwYADAgAHAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAwIABwIABwIABAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAcCAVQAAAwYAAwYADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgADBgAMGAAMGAAwYAAwYADAgAHAgAEAAwYAAwYAAwYADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgADBgAMGAAMGAAwYAAwYADAgAHAgAEAAwYAAwYAAwYADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgADBgAMGAAMGAAwYAAwYADAgAHAgAEAAwYAAwYAA1YBAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgAMGAAMGAAMGAAwYAAwYADAgAHAgAEAAwYAAwYADBgADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgAMGAAMGAAMGAAwYAAwYADAgAHAgAEAAwYAAwYADBgADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgAMGAAMGAAMGAAwYAAwYADAgAHAgAEAAwYAAwYADBgADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgAMGAAMGAAMWAIAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYADBgADBgADBgAMCAAcCAAQADBgADBgAMGAAMGAAwYAAwYAAwYADAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYADBgADBgADBgAMCAAcCAAQADBgADBgAMGAAMGAAwYAAwYAAwYADAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYADBgADBgADBgAMCAAcCAAQADBgADBgAMGAAMGAAwYAAwYAAwYADAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAMGAVAMCAAcCAAQADBgADBgAMGAAMGAAwYAAwYADAgAHAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAwIABwIABwIABAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAcCAAQADBgADBgAMGAAMGAAwYAAwYADAgAHAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAwIABwIABwIABAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAcCAAQADBoC/Fth3kn0ti6ODAAAAAElFTkSuQmCC',
  'base64',
);

export interface CallbackBody {
  event_id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'payout.paid' | 'payout.failed';
  order_id?: string;
  withdraw_id?: number;
  amount_paise: number;
  currency: string;
}

export interface PaymentsTestApp extends WalletApiApp {
  /** A sign-up customer (the only kind that may pay) with a live session. */
  newPayer(
    name: string,
    options?: { isSignupUser?: boolean; isDemo?: boolean; subAccount?: boolean },
  ): Promise<{ userId: number; token: string }>;
  /** POST a JSON body with an Idempotency-Key. */
  postWithKey(path: string, payload: unknown, token: string, key: string): Promise<LightMyRequestResponse>;
  /** The gateway's callback, signed with `secret` at `atMs` (default: the sandbox secret, now) unless a header is given. */
  callback(
    body: CallbackBody | string,
    options?: { secret?: string; atMs?: number; header?: string | null },
  ): Promise<LightMyRequestResponse>;
  /** payment/createDeposit, expected to succeed. */
  deposit(
    token: string,
    amount: number,
    method?: 'upi' | 'card' | 'netbanking',
  ): Promise<{ order_id: string; redirect_url: string }>;
  /** kyc/submit as multipart/form-data. */
  submitKyc(
    token: string,
    fields: { legal_name?: string; date_of_birth?: string; document?: Buffer; filename?: string },
  ): Promise<LightMyRequestResponse>;
  cash(userId: number): Promise<number>;
  /** `ledger verify` finds nothing. */
  expectLedgerClean(): Promise<void>;
}

/** A multipart/form-data body by hand, as a browser's FormData sends it. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; filename: string; type: string; bytes: Buffer },
) {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

let ipCounter = 0;
/** A client address of its own for each call: the per-address rate limits are not under test here. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.21.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
}

/** The real app with the sandbox gateway on (payment_gateway 1), its payouts waiting for the tests' callbacks. */
export async function createPaymentsTestApp(options: TestAppOptions = {}): Promise<PaymentsTestApp> {
  const t = await createWalletApiApp({
    ...options,
    env: { PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET, PAYMENT_SANDBOX_PAYOUTS: 'off', ...options.env },
  });
  await t.setSetting('payment_gateway', '1');
  const p: PaymentsTestApp = {
    ...t,
    async newPayer(name, { isSignupUser = true, isDemo = false, subAccount = false } = {}) {
      const userId = await createUser(t.database.db, t.clock, {
        userName: name,
        password: PLAYER_PASSWORD,
        userTypeId: CUSTOMER_USER_TYPE,
        isSignupUser,
        isDemo,
        parentId: subAccount ? SUB_ACCOUNT_PARENT_ID : null,
      });
      return { userId, token: await t.login(name, PLAYER_PASSWORD) };
    },
    postWithKey: (path, payload, token, key) =>
      t.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload: payload as Record<string, unknown>,
        remoteAddress: nextIp(),
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      }),
    callback(body, { secret = SANDBOX_SECRET, atMs = t.clock.now(), header } = {}) {
      const raw = typeof body === 'string' ? body : JSON.stringify(body);
      const signature = header === undefined ? sandboxSignature(secret, raw, Math.floor(atMs / 1000)) : header;
      return t.app.inject({
        method: 'POST',
        url: CALLBACK_URL,
        headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-sandbox-signature': signature }) },
        payload: raw,
      });
    },
    async deposit(token, amount, method = 'upi') {
      const res = await t.post('payment/createDeposit', { amount, method }, { token, ip: nextIp() });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { order_id: string; redirect_url: string };
    },
    submitKyc(token, { legal_name = 'Asha Rao', date_of_birth = '1990-04-01', document = PNG_BYTES, filename = 'id.png' }) {
      const body = multipartBody(
        { legal_name, date_of_birth },
        { name: 'document', filename, type: 'image/png', bytes: document },
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/kyc/submit',
        remoteAddress: nextIp(),
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    },
    cash: async (userId) => (await t.module.money.readBalances(t.database.db, userId)).cash,
    async expectLedgerClean() {
      expect((await auditLedger(t.database.db)).faults).toEqual([]);
    },
  };
  return p;
}
