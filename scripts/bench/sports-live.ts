import { Redis } from 'ioredis';
import WebSocket from 'ws';

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

/** Opens `count` sockets to the server, each following the match; resolves when all are subscribed. */
export async function openFollowers(
  wsUrl: string,
  matchId: number,
  count: number,
  onDelay: (ms: number) => void,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const batch = 50;
  for (let start = 0; start < count; start += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, () => {
        const socket = new WebSocket(wsUrl);
        return new Promise<WebSocket>((resolve, reject) => {
          socket.on('message', (data: Buffer) => {
            const at = nowMs();
            // Read the send time straight from the bytes: 20,000 JSON parses a second would time the bench.
            const marker = data.indexOf('"bench_sent_at":');
            if (marker !== -1) return onDelay(at - Number.parseFloat(data.toString('latin1', marker + 16, marker + 40)));
            if (data.includes('"type":"subscribed"')) resolve(socket);
          });
          socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', match_id: matchId })));
          socket.once('error', reject);
        });
      }),
    );
    sockets.push(...opened);
  }
  return sockets;
}

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
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
