import { LIVE_CLOSE_CODES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type AccountsTestApp, createAccountsTestApp } from './accounts-support';
import { testDatabaseKind } from './test-app';

/**
 * Sockets per address and session (docs/sports.md, "Live push"): 300 sockets from one address, 20
 * subscriptions each, were all accepted. Now the real app, with the default configuration
 * (LIVE_SOCKETS_PER_ADDRESS 200, LIVE_SOCKETS_PER_SESSION 5), closes the socket past either limit
 * with its own close code.
 */
let t: AccountsTestApp;
let url = '';

beforeAll(async () => {
  t = await createAccountsTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws`;
});
afterAll(async () => t.close());

interface Client {
  socket: WebSocket;
  types: string[];
  closed: Promise<{ code: number; reason: string }>;
}

async function openSocket(): Promise<Client> {
  const socket = new WebSocket(url);
  const types: string[] = [];
  socket.on('message', (data) => types.push((JSON.parse(data.toString()) as { type: string }).type));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { socket, types, closed };
}

async function closeAll(clients: Client[]): Promise<void> {
  for (const client of clients) client.socket.close();
  await Promise.all(clients.map((client) => client.closed));
}

describe(`live socket limits, default configuration (${testDatabaseKind()})`, () => {
  it('a sixth socket signed in with one session is closed with 4430; the five stay open and signed in', async () => {
    const login = await t.post('user/demoLogin', { user_name: 'demo' }, { ip: '10.93.0.1' });
    const token = login.json().data.token as string;
    const clients = await Promise.all(Array.from({ length: 6 }, () => openSocket()));
    const [sixth, ...five] = [clients[5]!, ...clients.slice(0, 5)];
    for (const client of five) client.socket.send(JSON.stringify({ type: 'auth', token }));
    await expect.poll(() => five.every((client) => client.types.includes('authed')), { timeout: 20_000 }).toBe(true);
    sixth.socket.send(JSON.stringify({ type: 'auth', token }));
    expect(await sixth.closed).toEqual({
      code: LIVE_CLOSE_CODES.tooManyForSession,
      reason: 'At most 5 live connections per session',
    });
    expect(five.every((client) => client.socket.readyState === WebSocket.OPEN)).toBe(true);
    await closeAll(five);
  });

  it('the 201st socket from one address is closed with 4429, the 200 stay open', { timeout: 60_000 }, async () => {
    const clients: Client[] = [];
    for (let batch = 0; batch < 4; batch += 1)
      clients.push(...(await Promise.all(Array.from({ length: 50 }, () => openSocket()))));
    const extra = await openSocket();
    expect(await extra.closed).toEqual({
      code: LIVE_CLOSE_CODES.tooManyFromAddress,
      reason: 'At most 200 live connections per address',
    });
    const last = clients.at(-1)!;
    last.socket.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => last.types.includes('pong'), { timeout: 20_000 }).toBe(true);
    expect(clients.every((client) => client.socket.readyState === WebSocket.OPEN)).toBe(true);
    await closeAll(clients);
  });
});
