import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { createHttpSmsProvider, createLogSmsProvider, createSmsProvider, fillSmsTemplate } from './sms-provider';

interface Received {
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const received: Received[] = [];
let status = 200;
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({ method: request.method ?? '', headers: request.headers, body });
    response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('HTTP SMS provider', () => {
  it('posts the filled template as JSON with the key as a bearer token', async () => {
    const provider = createHttpSmsProvider({
      url,
      apiKey: 'k-123',
      template: '{"to":"{mobile}","otp":"{code}","text":"{message}"}',
    });
    await provider.send({ mobile: '9876543210', code: '123456', text: '123456 is your "code"' });
    const last = received.at(-1);
    expect(last?.method).toBe('POST');
    expect(last?.headers.authorization).toBe('Bearer k-123');
    expect(last?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(last?.body ?? '')).toEqual({ to: '9876543210', otp: '123456', text: '123456 is your "code"' });
  });

  it('throws when the gateway refuses, so the caller can answer 503', async () => {
    status = 500;
    const provider = createHttpSmsProvider({ url, template: '{"to":"{mobile}"}' });
    await expect(provider.send({ mobile: '9876543210', text: 'x' })).rejects.toThrow(/HTTP 500/);
    status = 200;
  });

  it('is chosen by SMS_PROVIDER=http with SMS_HTTP_URL, and refuses to start without the URL', async () => {
    const logger = { info: () => undefined } as never;
    const provider = createSmsProvider(
      loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: url, SMS_HTTP_API_KEY: 'env-key' }),
      logger,
    );
    await provider.send({ mobile: '9000000000', code: '654321', text: '654321 is your verification code.' });
    expect(received.at(-1)?.headers.authorization).toBe('Bearer env-key');
    expect(JSON.parse(received.at(-1)?.body ?? '')).toEqual({ to: '9000000000', message: '654321 is your verification code.' });
    expect(() => createSmsProvider(loadConfig({ SMS_PROVIDER: 'http' }), logger)).toThrow(/SMS_HTTP_URL/);
  });
});

describe('log SMS provider', () => {
  it('writes one info line holding the mobile and the text', async () => {
    const lines: { object: unknown; message: string }[] = [];
    const provider = createLogSmsProvider({
      info: (object: unknown, message: string) => lines.push({ object, message }),
    } as never);
    await provider.send({ mobile: '9123456789', code: '111222', text: '111222 is your verification code.' });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toBe('SMS to 9123456789: 111222 is your verification code.');
  });

  it('escapes values so a message cannot break the JSON template', () => {
    expect(JSON.parse(fillSmsTemplate('{"m":"{message}"}', { mobile: '1', text: 'a"}\n{' }))).toEqual({ m: 'a"}\n{' });
  });
});
