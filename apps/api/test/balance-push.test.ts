import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

let t: WalletApiApp;
beforeAll(async () => {
  t = await createWalletApiApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

describe('balance push over /api/ws', () => {
  it('sends a logged-in socket its new balance once a money movement commits, and nothing to others', async () => {
    const { userId, token } = await t.newPlayer('push_player');
    const other = await t.newPlayer('push_other');
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const sockets = [token, other.token].map((bearer) => {
      const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/ws`);
      const messages: { type?: string; payload?: { free_chip?: number } }[] = [];
      socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as (typeof messages)[number]));
      const ready = new Promise((resolve) => socket.once('open', resolve)).then(() =>
        socket.send(JSON.stringify({ type: 'auth', token: bearer })),
      );
      return { socket, messages, ready };
    });
    await Promise.all(sockets.map((client) => client.ready));
    for (const client of sockets) {
      await expect.poll(() => client.messages.some((message) => message.type === 'authed'), { timeout: 10_000 }).toBe(true);
    }
    await t.credit(userId, 12_345);
    // The outbox relay polls every 100 ms; give it generous time on a loaded machine.
    await expect
      .poll(() => sockets[0]?.messages.find((message) => message.type === 'balance')?.payload?.free_chip, { timeout: 15_000 })
      .toBe(123.45);
    expect(sockets[1]?.messages.some((message) => message.type === 'balance')).toBe(false);
    for (const client of sockets) client.socket.close();
  });
});
