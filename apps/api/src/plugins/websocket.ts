import websocket from '@fastify/websocket';
import {
  type CrashFlightMessage,
  LIVE_CLOSE_CODES,
  LIVE_SOCKET_PATH,
  type LiveServerMessage,
  type LiveTableMessage,
  liveClientMessageSchema,
  MAX_SUBSCRIPTIONS_PER_SOCKET,
  type MatchDelta,
} from '@app/shared';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../lib/app-error';
import { busTopics, type EventBus } from '../lib/event-bus';
import { isJsonTooDeep, JSON_TOO_DEEP_MESSAGE } from '../lib/json-depth';

/** The server pings this often; a socket that did not answer the last ping is dropped. */
const HEARTBEAT_MS = 30_000;
/** A socket that follows nothing and says nothing for this long is closed. */
const IDLE_MS = 120_000;
const MAX_MESSAGE_BYTES = 4_096;
/** Bad messages a socket may send before it is closed (the others are untouched). */
const MAX_BAD_MESSAGES = 20;
/** A client this far behind on reading is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1_000_000;

export interface LiveSocketDeps {
  bus: EventBus;
  /** Throws an AppError (404) for a match no one may follow. */
  checkMatch(matchId: number): Promise<void>;
  /** The user and session of a session token, or an AppError (401). */
  resolveUser(token: string): Promise<{ userId: number; sessionId: number }>;
  /** The matches this instance's sockets follow, whenever that set changes. */
  onInterest(matchIds: number[]): void;
  /** A live table's round now, sent when a socket subscribes (an AppError 404 for no such table). */
  tableSnapshot?(table: string): Promise<LiveTableMessage>;
  /** Crash's flight on this instance's clock (docs/casino.md "Crash on the screen"). */
  crashFlight?: {
    watch(listener: (message: CrashFlightMessage) => void): () => void;
    snapshot(): Promise<CrashFlightMessage>;
  };
  /** Shorter heartbeat and idle times, for tests. */
  timing?: { heartbeatMs?: number; idleMs?: number };
  /** Sockets open at once per client address, and signed in at once per session (config/env.ts). */
  limits: { perAddress: number; perSession: number };
}

interface SocketState {
  matches: Set<number>;
  /** Live tables it watches (docs/casino.md, "Live tables"). */
  tables: Set<string>;
  /** Whether it watches Crash's flight (counts as one subscription). */
  isWatchingCrash: boolean;
  userId: number | null;
  /** The session it is signed in with (counted against the session's limit). */
  sessionId: number | null;
  token: string | null;
  stopBalance: (() => void) | null;
  isAlive: boolean;
  lastMessageAt: number;
  badMessages: number;
}

/**
 * `/api/ws`: live prices and the player's own balance. One bus subscription per followed match
 * per instance, whatever the number of sockets; each delta is serialised once for all of them.
 *
 * The websocket plugin lives in a scope of its own: it adds two hooks to every request and wraps
 * every handler of the scope it is in, which on the root cost the balance poll about 4% of its
 * CPU (measured). Upgrades to any other path are refused before routing.
 */
export async function installLiveSocket(app: FastifyInstance, deps: LiveSocketDeps): Promise<LiveSocketHub> {
  let openSockets = () => 0;
  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
    refuseOtherUpgrades(scope.server);
    openSockets = routeLiveSocket(scope, deps);
  });
  return { openSockets: () => openSockets() };
}

export interface LiveSocketHub {
  /** Sockets open on this instance now (the metrics). */
  openSockets(): number;
}

/**
 * Node hands an upgrade request to 'upgrade' listeners only, outside the HTTP server's timeouts:
 * one that reached an ordinary route would keep its socket open after the answer.
 */
function refuseOtherUpgrades(server: Server): void {
  const listeners = server.listeners('upgrade') as ((request: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((request.url ?? '').split('?', 1)[0] === LIVE_SOCKET_PATH) {
      for (const listener of listeners) listener.call(server, request, socket, head);
      return;
    }
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
}

/** How many sockets each key (a client address, a session) holds. */
class Counts<K> {
  private readonly counts = new Map<K, number>();
  of(key: K): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: K): void {
    this.counts.set(key, this.of(key) + 1);
  }
  remove(key: K): void {
    const left = this.of(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}

/** Routes the live socket; answers how many sockets are open. */
function routeLiveSocket(app: FastifyInstance, deps: LiveSocketDeps): () => number {
  const rooms = new Map<number, { sockets: Set<WebSocket>; stop: () => void; lastSeq: number }>();
  const tableRooms = new Map<string, { sockets: Set<WebSocket>; stop: () => void }>();
  const states = new Map<WebSocket, SocketState>();
  let crashRoom: { sockets: Set<WebSocket>; stop: () => void } | undefined;
  // Per instance: behind a load balancer each instance holds its own share of an address's sockets.
  const byAddress = new Counts<string>();
  const bySession = new Counts<number>();
  const { perAddress, perSession } = deps.limits;
  const heartbeatMs = deps.timing?.heartbeatMs ?? HEARTBEAT_MS;
  const idleMs = deps.timing?.idleMs ?? IDLE_MS;

  const send = (socket: WebSocket, message: LiveServerMessage | Buffer) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return socket.terminate();
    // A delta is encoded once for all its sockets, and goes out as a text frame.
    if (Buffer.isBuffer(message)) socket.send(message, { binary: false });
    else socket.send(JSON.stringify(message));
  };

  const leave = (socket: WebSocket, matchId: number) => {
    const room = rooms.get(matchId);
    if (!room) return;
    room.sockets.delete(socket);
    if (room.sockets.size === 0) {
      room.stop();
      rooms.delete(matchId);
      deps.onInterest([...rooms.keys()]);
    }
  };

  const join = (socket: WebSocket, matchId: number) => {
    let room = rooms.get(matchId);
    if (!room) {
      const created = { sockets: new Set<WebSocket>(), lastSeq: -1, stop: () => {} };
      created.stop = deps.bus.subscribe(busTopics.match(matchId), (payload) => {
        const delta = payload as MatchDelta;
        // Two publishers for a moment (a hand-over) send the same seq twice: pass it on once.
        if (delta.seq <= created.lastSeq) return;
        created.lastSeq = delta.seq;
        const bytes = Buffer.from(JSON.stringify(delta));
        for (const member of created.sockets) send(member, bytes);
      });
      rooms.set(matchId, created);
      room = created;
      room.sockets.add(socket);
      deps.onInterest([...rooms.keys()]);
      return;
    }
    room.sockets.add(socket);
  };

  const leaveTable = (socket: WebSocket, table: string) => {
    const room = tableRooms.get(table);
    if (!room) return;
    room.sockets.delete(socket);
    if (room.sockets.size > 0) return;
    room.stop();
    tableRooms.delete(table);
  };

  /** One bus subscription per watched table per instance; each step is encoded once for all its sockets. */
  const joinTable = (socket: WebSocket, table: string) => {
    let room = tableRooms.get(table);
    if (!room) {
      const created = { sockets: new Set<WebSocket>(), stop: () => {} };
      created.stop = deps.bus.subscribe(busTopics.liveTable(table), (payload) => {
        const bytes = Buffer.from(JSON.stringify(payload));
        for (const member of created.sockets) send(member, bytes);
      });
      tableRooms.set(table, created);
      room = created;
    }
    room.sockets.add(socket);
  };

  /** One watch of the flight per instance; each look is encoded once for all its sockets. */
  const joinCrash = (socket: WebSocket, flight: NonNullable<LiveSocketDeps['crashFlight']>) => {
    if (!crashRoom) {
      const created = { sockets: new Set<WebSocket>(), stop: () => {} };
      created.stop = flight.watch((message) => {
        const bytes = Buffer.from(JSON.stringify(message));
        for (const member of created.sockets) send(member, bytes);
      });
      crashRoom = created;
    }
    crashRoom.sockets.add(socket);
  };

  const leaveCrash = (socket: WebSocket) => {
    if (!crashRoom?.sockets.delete(socket) || crashRoom.sockets.size > 0) return;
    crashRoom.stop();
    crashRoom = undefined;
  };

  const subscriptionsOf = (state: SocketState) => state.matches.size + state.tables.size + (state.isWatchingCrash ? 1 : 0);

  const refuse = (socket: WebSocket, state: SocketState, message: string, code = 'BAD_REQUEST') => {
    send(socket, { type: 'error', message, code });
    if (code === 'BAD_REQUEST' && ++state.badMessages > MAX_BAD_MESSAGES) socket.close(1008, 'too many bad messages');
  };

  /** The socket no longer follows a player: no balance push, its session's slot given back. */
  const signOut = (state: SocketState) => {
    state.stopBalance?.();
    state.stopBalance = null;
    if (state.sessionId !== null) bySession.remove(state.sessionId);
    state.sessionId = null;
    state.userId = null;
    state.token = null;
  };

  const onMessage = async (socket: WebSocket, state: SocketState, raw: string) => {
    // The same bound as every HTTP body (lib/json-depth.ts), before anything parses the text.
    if (isJsonTooDeep(raw)) return refuse(socket, state, JSON_TOO_DEEP_MESSAGE);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return refuse(socket, state, 'Messages must be JSON');
    }
    const result = liveClientMessageSchema.safeParse(parsed);
    if (!result.success) return refuse(socket, state, 'Unknown or malformed message');
    const message = result.data;
    switch (message.type) {
      case 'ping':
        return send(socket, { type: 'pong' });
      case 'subscribe': {
        if (state.matches.has(message.match_id)) return send(socket, { type: 'subscribed', match_id: message.match_id });
        if (subscriptionsOf(state) >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
          return refuse(socket, state, `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} matches per connection`, 'CONFLICT');
        }
        // The slot is taken before the check, so messages in flight cannot pass the limit together.
        state.matches.add(message.match_id);
        try {
          await deps.checkMatch(message.match_id);
        } catch (error) {
          state.matches.delete(message.match_id);
          throw error;
        }
        if (socket.readyState !== socket.OPEN || !state.matches.has(message.match_id)) return;
        join(socket, message.match_id);
        return send(socket, { type: 'subscribed', match_id: message.match_id });
      }
      case 'unsubscribe':
        state.matches.delete(message.match_id);
        leave(socket, message.match_id);
        return send(socket, { type: 'unsubscribed', match_id: message.match_id });
      case 'table_subscribe': {
        if (!state.tables.has(message.table) && subscriptionsOf(state) >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
          return refuse(socket, state, `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection`, 'CONFLICT');
        }
        state.tables.add(message.table);
        let snapshot: LiveTableMessage;
        try {
          // Joined before the snapshot is read: a step made meanwhile arrives too, never lost.
          joinTable(socket, message.table);
          if (!deps.tableSnapshot) throw new AppError('NOT_FOUND', 'No such live table');
          snapshot = await deps.tableSnapshot(message.table);
        } catch (error) {
          state.tables.delete(message.table);
          leaveTable(socket, message.table);
          throw error;
        }
        return send(socket, snapshot);
      }
      case 'table_unsubscribe':
        state.tables.delete(message.table);
        leaveTable(socket, message.table);
        return send(socket, { type: 'table_unsubscribed', table: message.table });
      case 'crash_subscribe': {
        const flight = deps.crashFlight;
        if (!flight) throw new AppError('NOT_FOUND', 'Crash is not played here');
        if (!state.isWatchingCrash && subscriptionsOf(state) >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
          return refuse(socket, state, `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection`, 'CONFLICT');
        }
        state.isWatchingCrash = true;
        let snapshot: CrashFlightMessage;
        try {
          // Joined before the snapshot is read: a look made meanwhile arrives too, never lost.
          joinCrash(socket, flight);
          snapshot = await flight.snapshot();
        } catch (error) {
          state.isWatchingCrash = false;
          leaveCrash(socket);
          throw error;
        }
        return send(socket, snapshot);
      }
      case 'crash_unsubscribe':
        state.isWatchingCrash = false;
        leaveCrash(socket);
        return send(socket, { type: 'crash_unsubscribed' });
      case 'auth': {
        const user = await deps.resolveUser(message.token);
        if (socket.readyState !== socket.OPEN) return;
        if (state.sessionId !== user.sessionId) {
          // Checked and counted with no await in between: parallel auths cannot pass the limit together.
          if (bySession.of(user.sessionId) >= perSession) {
            return socket.close(LIVE_CLOSE_CODES.tooManyForSession, `At most ${perSession} live connections per session`);
          }
          signOut(state);
          bySession.add(user.sessionId);
          state.sessionId = user.sessionId;
        }
        state.stopBalance?.();
        state.userId = user.userId;
        state.token = message.token;
        state.stopBalance = deps.bus.subscribe(busTopics.userBalance(user.userId), (payload) =>
          send(socket, { type: 'balance', payload }),
        );
        return send(socket, { type: 'authed', user_id: user.userId });
      }
    }
  };

  const heartbeat = setInterval(() => {
    const at = Date.now();
    for (const [socket, state] of states) {
      if (!state.isAlive) {
        socket.terminate();
        continue;
      }
      if (subscriptionsOf(state) === 0 && state.userId === null && at - state.lastMessageAt > idleMs) {
        socket.close(1000, 'idle');
        continue;
      }
      state.isAlive = false;
      socket.ping();
      // A session that ended (logout, login elsewhere) stops its balance push.
      if (state.token) {
        deps.resolveUser(state.token).catch(() => {
          signOut(state);
          send(socket, { type: 'error', message: 'Your session has ended.', code: 'SESSION_EXPIRED' });
        });
      }
    }
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  app.get(LIVE_SOCKET_PATH, { websocket: true }, (socket, request) => {
    // request.ip honours TRUST_PROXY_HOPS: behind a proxy, the player's address, not the proxy's.
    const address = request.ip;
    if (byAddress.of(address) >= perAddress) {
      socket.close(LIVE_CLOSE_CODES.tooManyFromAddress, `At most ${perAddress} live connections per address`);
      return;
    }
    byAddress.add(address);
    const state: SocketState = {
      matches: new Set(),
      tables: new Set(),
      isWatchingCrash: false,
      userId: null,
      sessionId: null,
      token: null,
      stopBalance: null,
      isAlive: true,
      lastMessageAt: Date.now(),
      badMessages: 0,
    };
    states.set(socket, state);
    socket.on('pong', () => {
      state.isAlive = true;
    });
    socket.on('message', (data, isBinary) => {
      state.lastMessageAt = Date.now();
      if (isBinary) return refuse(socket, state, 'Messages must be JSON text');
      onMessage(socket, state, data.toString()).catch((error: unknown) => {
        if (error instanceof AppError) return refuse(socket, state, error.message, error.code);
        app.log.error({ err: error }, 'live socket message failed');
        refuse(socket, state, 'Something went wrong', 'INTERNAL');
      });
    });
    socket.on('close', () => {
      states.delete(socket);
      byAddress.remove(address);
      signOut(state);
      for (const matchId of state.matches) leave(socket, matchId);
      for (const table of state.tables) leaveTable(socket, table);
      leaveCrash(socket);
    });
  });
  return () => states.size;
}
