import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AppError } from '../lib/app-error';
import { busTopics, createLocalEventBus } from '../lib/event-bus';
import { installLiveSocket } from './websocket';

const bus = createLocalEventBus();
let app: FastifyInstance;

async function start(addRoutes?: (app: FastifyInstance) => void): Promise<string> {
  app = Fastify();
  addRoutes?.(app);
  await installLiveSocket(app, {
    bus,
    checkMatch: async (matchId) => {
      if (matchId !== 7) throw new AppError('NOT_FOUND', 'No such match');
    },
    resolveUser: async () => ({ userId: 1 }),
    onInterest: () => {},
    // Generous enough that a loaded machine still answers a ping within one beat.
    timing: { heartbeatMs: 1_000, idleMs: 1_500 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws`;
}

afterEach(async () => app.close());

function open(url: string, options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(url, options);
  const messages: { type: string; seq?: number }[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as { type: string; seq?: number }));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise((resolve) => socket.once('open', resolve));
  return { socket, messages, closed, opened };
}

const until = async (test: () => boolean) => {
  for (let i = 0; i < 400 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(test()).toBe(true);
};

describe('the live socket', () => {
  it('closes a socket that follows nothing and says nothing, and drops one that stops answering pings', async () => {
    const url = await start();
    const idle = open(url);
    const silent = open(url, { autoPong: false });
    const healthy = open(url);
    await Promise.all([idle.opened, silent.opened, healthy.opened]);
    silent.socket.send(JSON.stringify({ type: 'subscribe', match_id: 7 }));
    healthy.socket.send(JSON.stringify({ type: 'subscribe', match_id: 7 }));
    await until(() => silent.messages.length > 0 && healthy.messages.length > 0);

    expect(await idle.closed).toEqual({ code: 1000, reason: 'idle' });
    expect((await silent.closed).code).toBe(1006);
    expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
    healthy.socket.close();
  });

  it('passes each delta of a followed match on once, in order', async () => {
    const url = await start();
    const client = open(url);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'subscribe', match_id: 7 }));
    await until(() => client.messages.some((m) => m.type === 'subscribed'));
    for (const seq of [5, 5, 4, 6]) bus.publish(busTopics.match(7), { type: 'delta', match_id: 7, seq, prev_seq: seq - 1 });
    bus.publish(busTopics.match(8), { type: 'delta', match_id: 8, seq: 9, prev_seq: 8 });
    await until(() => client.messages.filter((m) => m.type === 'delta').length >= 2);
    client.socket.send(JSON.stringify({ type: 'ping' }));
    await until(() => client.messages.some((m) => m.type === 'pong'));
    expect(client.messages.filter((m) => m.type === 'delta').map((m) => m.seq)).toEqual([5, 6]);
    client.socket.close();
  });

  it('refuses an upgrade to any other path before routing, and closes its socket', async () => {
    let handled = 0;
    const url = await start((app) =>
      app.get('/api/other', async () => {
        handled += 1;
        return { ok: true };
      }),
    );
    const other = new WebSocket(url.replace('/api/ws', '/api/other'));
    const status = await new Promise<number>((resolve, reject) => {
      other.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      other.on('open', () => reject(new Error('upgraded')));
    });
    expect(status).toBe(404);
    expect(handled).toBe(0);
    // The live socket itself still opens.
    const live = open(url);
    await live.opened;
    live.socket.close();
  });
});
