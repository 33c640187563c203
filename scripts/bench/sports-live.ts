import { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';

/** The bus channel of a match, as apps/api/src/lib/redis-event-bus.ts and event-bus.ts name it. */
export const matchChannel = (matchId: number) => `bus:sports:match:${matchId}`;

/** Bench deltas sort after every real one, so the server forwards them and clients apply them. */
export const BENCH_SEQ_BASE = 10_000_000_000_000;

export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * A price change published the way the live ticker publishes one (an envelope on the match's
 * Redis channel), carrying when it was sent. `market` is the match-odds market to change.
 */
let nextSeq = BENCH_SEQ_BASE;

export function benchDelta(
  matchId: number,
  index: number,
  market: Record<string, unknown> & { runners: { back: { odds: number; size: number }[] }[] },
) {
  const odds = index % 2 === 0 ? 1.5 : 1.6;
  const runners = market.runners.map((runner, position) =>
    position === 0 ? { ...runner, back: [{ odds, size: 100 + index }, ...runner.back.slice(1)] } : runner,
  );
  return {
    type: 'delta',
    match_id: matchId,
    // Always rising, across the whole run: the server passes on each seq once.
    seq: nextSeq++,
    prev_seq: 0,
    full: false,
    in_play: Boolean(market.in_play),
    markets: [{ ...market, status: 'OPEN', runners }],
    fancy: [],
    removed_fancy: [],
    scoreboard: null,
    bench_sent_at: nowMs(),
  };
}

export async function publishDelta(redis: Redis, matchId: number, delta: object): Promise<void> {
  await redis.publish(matchChannel(matchId), JSON.stringify({ from: 'bench', payload: delta }));
}

/** A masked client frame (RFC 6455 §5.3): text (0x1) or pong (0xA), payload under 126 bytes. */
export function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const frame = Buffer.allocUnsafe(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let index = 0; index < payload.length; index++)
    frame[6 + index] = (payload[index] as number) ^ (mask[index % 4] as number);
  return frame;
}

/**
 * Reads the whole server frames at the start of `data` (unmasked, RFC 6455 §5.2): answers each
 * ping on `socket`, hands each text frame's payload to `onText`, and returns the bytes it used
 * (an unfinished frame is left for the next chunk).
 */
export function readServerFrames(data: Buffer, socket: Socket, onText: (payload: Buffer) => void): number {
  let offset = 0;
  while (data.length - offset >= 2) {
    const opcode = (data[offset] as number) & 0x0f;
    let length = (data[offset + 1] as number) & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      if (data.length - offset < 4) break;
      length = data.readUInt16BE(offset + 2);
      start = offset + 4;
    } else if (length === 127) {
      if (data.length - offset < 10) break;
      length = Number(data.readBigUInt64BE(offset + 2));
      start = offset + 10;
    }
    if (data.length < start + length) break;
    const payload = data.subarray(start, start + length);
    offset = start + length;
    if (opcode === 0x9) socket.write(clientFrame(0xa, Buffer.from(payload)));
    if (opcode === 0x1) onText(payload);
  }
  return offset;
}

const SENT_AT_MARKER = Buffer.from('"bench_sent_at":');
const SUBSCRIBED_MARKER = Buffer.from('"type":"subscribed"');

/**
 * One follower: a plain TCP socket that does the WebSocket handshake (checking the server's
 * accept key), subscribes to the match, and then reads frames itself. The receipt time is taken
 * once per chunk the kernel hands over, before any frame of it is looked at; the send time is read
 * straight from the frame's bytes (no JSON parse: 20,000 parses a second in the client processes
 * would time the bench, not the server). Pings are answered, so the server keeps the socket.
 */
function openFollower(wsUrl: string, matchId: number, onDelay: (ms: number) => void): Promise<Socket> {
  const key = randomBytes(16).toString('base64');
  const expected = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  return new Promise((resolve, reject) => {
    const request = httpRequest(wsUrl.replace(/^ws/, 'http'), {
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': key },
    });
    request.once('error', reject);
    request.once('response', (response) => reject(new Error(`no upgrade: HTTP ${response.statusCode}`)));
    request.once('upgrade', (response, socket, head) => {
      if (response.headers['sec-websocket-accept'] !== expected) return reject(new Error('bad Sec-WebSocket-Accept'));
      socket.setNoDelay(true);
      let pending: Buffer | null = head.length ? head : null;
      const onChunk = (at: number) => {
        const data = pending as Buffer;
        const offset = readServerFrames(data, socket, (payload) => {
          const marker = payload.indexOf(SENT_AT_MARKER);
          if (marker !== -1) {
            const from = marker + SENT_AT_MARKER.length;
            onDelay(at - Number.parseFloat(payload.toString('latin1', from, from + 24)));
          } else if (payload.includes(SUBSCRIBED_MARKER)) resolve(socket);
        });
        pending = offset === data.length ? null : data.subarray(offset);
      };
      socket.on('data', (chunk: Buffer) => {
        const at = nowMs();
        pending = pending ? Buffer.concat([pending, chunk]) : chunk;
        onChunk(at);
      });
      socket.on('error', reject);
      socket.write(clientFrame(0x1, Buffer.from(JSON.stringify({ type: 'subscribe', match_id: matchId }))));
      if (pending) onChunk(nowMs());
    });
    request.end();
  });
}

/**
 * Opens `count` sockets to the server, socket i following `matchIds[i % matchIds.length]`;
 * resolves when all are subscribed.
 */
export async function openFollowers(
  wsUrl: string,
  matchIds: readonly number[],
  count: number,
  onDelay: (ms: number) => void,
): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const batch = 50;
  for (let start = 0; start < count; start += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, index) =>
        openFollower(wsUrl, matchIds[(start + index) % matchIds.length] as number, onDelay),
      ),
    );
    sockets.push(...opened);
  }
  return sockets;
}

export async function redisReachable(url: string): Promise<Redis | undefined> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch {
    redis.disconnect();
    return undefined;
  }
}
