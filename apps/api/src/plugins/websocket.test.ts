import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_CLOSE_CODES } from '@app/shared';
import WebSocket from 'ws';
import { AppError } from '../lib/app-error';
import { busTopics, createLocalEventBus } from '../lib/event-bus';
import { installLiveSocket } from './websocket';

const bus = createLocalEventBus();
let app: FastifyInstance;

/** Sessions by token: `s<N>` is session N of user 1; anything else is refused. */
async function sessionOf(token: string) {
  const sessionId = Number(/^s(\d+)$/.exec(token)?.[1]);
  if (!sessionId) throw new AppError('SESSION_EXPIRED', 'Your session has ended.');
  return { userId: 1, sessionId };
}

async function start(addRoutes?: (app: FastifyInstance) => void, limits = { perAddress: 200, perSession: 5 }): Promise<string> {
  app = Fastify();
  addRoutes?.(app);
  await installLiveSocket(app, {
    bus,
    checkMatch: async (matchId) => {
      if (matchId !== 7) throw new AppError('NOT_FOUND', 'No such match');
    },
    resolveUser: sessionOf,
    onInterest: () => {},
    // Generous enough that a loaded machine still answers a ping within one beat.
    timing: { heartbeatMs: 1_000, idleMs: 1_500 },
    limits,
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

  it('closes a socket past the per-address limit with 4429, and takes one again once a slot is free', async () => {
    const url = await start(undefined, { perAddress: 3, perSession: 5 });
    const first = [open(url), open(url), open(url)];
    await Promise.all(first.map((client) => client.opened));
    const extra = open(url);
    expect(await extra.closed).toEqual({
      code: LIVE_CLOSE_CODES.tooManyFromAddress,
      reason: 'At most 3 live connections per address',
    });
    // The three are untouched and still answer.
    first[0]!.socket.send(JSON.stringify({ type: 'ping' }));
    await until(() => first[0]!.messages.some((m) => m.type === 'pong'));
    first[1]!.socket.close();
    await first[1]!.closed;
    const again = open(url);
    await again.opened;
    again.socket.send(JSON.stringify({ type: 'ping' }));
    await until(() => again.messages.some((m) => m.type === 'pong'));
    for (const client of [first[0]!, first[2]!, again]) client.socket.close();
  });

  it('closes the socket whose auth passes the per-session limit with 4430; other sessions and freed slots are fine', async () => {
    const url = await start(undefined, { perAddress: 200, perSession: 2 });
    const clients = [open(url), open(url), open(url), open(url)];
    await Promise.all(clients.map((client) => client.opened));
    const [a, b, c, d] = clients as [
      ReturnType<typeof open>,
      ReturnType<typeof open>,
      ReturnType<typeof open>,
      ReturnType<typeof open>,
    ];
    for (const client of [a, b]) client.socket.send(JSON.stringify({ type: 'auth', token: 's1' }));
    await until(() => [a, b].every((client) => client.messages.some((m) => m.type === 'authed')));
    // Signing in again with the same session takes no second slot.
    a.socket.send(JSON.stringify({ type: 'auth', token: 's1' }));
    await until(() => a.messages.filter((m) => m.type === 'authed').length === 2);
    c.socket.send(JSON.stringify({ type: 'auth', token: 's1' }));
    expect(await c.closed).toEqual({
      code: LIVE_CLOSE_CODES.tooManyForSession,
      reason: 'At most 2 live connections per session',
    });
    d.socket.send(JSON.stringify({ type: 'auth', token: 's2' }));
    await until(() => d.messages.some((m) => m.type === 'authed'));
    // A socket that moves to another session frees its slot in the first.
    b.socket.send(JSON.stringify({ type: 'auth', token: 's2' }));
    await until(() => b.messages.filter((m) => m.type === 'authed').length === 2);
    const e = open(url);
    await e.opened;
    e.socket.send(JSON.stringify({ type: 'auth', token: 's1' }));
    await until(() => e.messages.some((m) => m.type === 'authed'));
    for (const client of [a, b, d, e]) client.socket.close();
  });
});
