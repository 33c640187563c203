import { type BenchScenario, type LoadResult, formatMs, formatRate, formatRatio, percentile } from './harness';
import { measurePaint } from './sports-paint';
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { benchDelta, publishDelta, redisReachable } from './sports-live';

const TARGET_RATIO = 0.5;
const FOLLOWERS = 1_000;
export const CHANGES_PER_SECOND = 20;
const FANOUT_SECONDS = 10;
export const CHANGES = CHANGES_PER_SECOND * FANOUT_SECONDS;
/** One second of changes first, not timed: the server's first bursts run before V8 has optimised them. */
const WARM_UP_CHANGES = CHANGES_PER_SECOND;
/**
 * The followers run in child processes of their own, 250 sockets each: in one process, reading
 * 20,000 messages a second on one thread queued each burst's last sockets behind its first ones,
 * which timed the client, not the server (docs/benchmarks.md, "Sports").
 */
const FOLLOWER_PROCESSES = 4;

/** docs/sports.md, "Benchmark": the match page's read, live push to 1,000 sockets, and price change to paint. */
export const sportsScenario: BenchScenario = {
  name: 'sports: market/getMarkets vs bare node:http, WebSocket fan-out, price change to paint',
  async run({ startApi, startBare, compare, report }) {
    const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const redis = await redisReachable(redisUrl);
    // The 1,000 follower sockets all come from 127.0.0.1: past the per-address limit of a real site.
    const sockets = { LIVE_SOCKETS_PER_ADDRESS: '5000' };
    const api = await startApi(redis ? { ...sockets, REDIS_URL: redisUrl, SIM_SEED: `bench${Date.now()}` } : sockets);
    try {
      const post = async (path: string, body: object) =>
        (await (
          await fetch(`${api.url}/api/${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as {
          data: unknown;
        };
      const live = (await post('match/getLiveMatches', {})).data as { match_id: number; sport_id: number }[];
      const upcoming = (await post('match/getUpcomingMatches', {})).data as { match_id: number; sport_id: number }[];
      const match = live.find((row) => row.sport_id === 4) ?? upcoming.find((row) => row.sport_id === 4) ?? upcoming[0];
      if (!match) throw new Error('the feed has no matches');
      const body = JSON.stringify({ match_id: match.match_id });
      const sample = await (
        await fetch(`${api.url}/api/market/getMarkets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      ).text();
      const bare = await startBare(sample);
      const [apiResult, bareResult] = (await compare([
        { url: `${api.url}/api/market/getMarkets`, method: 'POST', body },
        { url: bare.url, method: 'POST', body },
      ])) as [LoadResult, LoadResult];
      await bare.stop();
      report({
        name: 'POST market/getMarkets (a cricket match, 3 markets + fancy)',
        value: formatRate(apiResult.requestsPerSecond),
        note: `p99 ${formatMs(apiResult.p99Ms)}`,
      });
      report({
        name: '  bare node:http, same JSON',
        value: formatRate(bareResult.requestsPerSecond),
        note: `p99 ${formatMs(bareResult.p99Ms)}`,
      });
      report({
        name: '  ratio to bare',
        value: formatRatio(apiResult.requestsPerSecond / bareResult.requestsPerSecond, TARGET_RATIO),
        note: apiResult.non2xx + apiResult.errors > 0 ? `(${apiResult.non2xx} non-2xx, ${apiResult.errors} errors)` : '',
      });

      if (!redis) {
        report({ name: 'WebSocket fan-out', value: 'skipped', note: `no Redis at ${redisUrl} (BENCH_REDIS_URL)` });
        return;
      }
      const snapshot = (await post('market/getMarkets', { match_id: match.match_id })).data as {
        markets: Parameters<typeof benchDelta>[2][];
      };
      const market = snapshot.markets[0];
      if (!market) throw new Error('the match has no market');
      const wsUrl = `${api.url.replace('http', 'ws')}/api/ws`;
      let apiCpuPerChange = Number.NaN;
      const delays = await measureFanOut(wsUrl, [match.match_id], FOLLOWERS, async (count) => {
        // On a fixed 50 ms grid (not 50 ms after each publish returned): exactly 20 changes a second.
        const startedAt = performance.now();
        const cpuBefore = api.cpuSeconds();
        for (let index = 0; index < count; index++) {
          const due = startedAt + (index * 1_000) / CHANGES_PER_SECOND;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
          await publishDelta(redis, match.match_id, benchDelta(match.match_id, index, market));
        }
        apiCpuPerChange = ((api.cpuSeconds() - cpuBefore) * 1_000) / count;
      });
      const p99 = percentile(delays, 0.99);
      report({
        name: `WebSocket fan-out: ${FOLLOWERS} sockets, ${CHANGES_PER_SECOND} changes/s, publish→receipt`,
        value: `p99 ${formatMs(p99)}`,
        note: `p50 ${formatMs(percentile(delays, 0.5))}, ${delays.length}/${CHANGES * FOLLOWERS} delivered; target ≤ 50 ms ${p99 <= 50 ? 'PASS' : 'MISS'}`,
      });
      report({
        name: '  API CPU in that time, per change (1,000 writes)',
        value: `${apiCpuPerChange.toFixed(1)} ms`,
        note: `load ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')} on ${availableParallelism()} cores`,
      });

      const paints = await measurePaint(api.url, redis, match.match_id, market);
      const paintP99 = percentile(paints, 0.99);
      report({
        name: 'price change to painted DOM in Chromium (publish→frame)',
        value: `p99 ${formatMs(paintP99)}`,
        note: `p50 ${formatMs(percentile(paints, 0.5))}, ${paints.length} changes; target ≤ 100 ms ${paintP99 <= 100 ? 'PASS' : 'MISS'}`,
      });
    } finally {
      redis?.disconnect();
      await api.stop();
    }
  },
};

type FollowerMessage = { type: 'ready' } | { type: 'delays'; delays: number[] };

function nextMessage<T extends FollowerMessage['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<FollowerMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FollowerMessage) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<FollowerMessage, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`a follower process exited (${code}) before '${type}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * Opens `followers` sockets over FOLLOWER_PROCESSES child processes, following the matches round
 * robin; once all are subscribed, publishes WARM_UP_CHANGES untimed then CHANGES timed changes,
 * and returns every socket's publish→receipt delays of the timed ones.
 */
export async function measureFanOut(
  wsUrl: string,
  matchIds: readonly number[],
  followers: number,
  publish: (count: number) => Promise<void>,
): Promise<number[]> {
  const children = Array.from({ length: FOLLOWER_PROCESSES }, (_, index) => {
    const count = Math.floor(followers / FOLLOWER_PROCESSES) + (index < followers % FOLLOWER_PROCESSES ? 1 : 0);
    return fork(new URL('./sports-followers.ts', import.meta.url), [wsUrl, matchIds.join(','), String(count)], {
      execArgv: ['--import', 'tsx'],
    });
  });
  try {
    await Promise.all(children.map((child) => nextMessage(child, 'ready')));
    await publish(WARM_UP_CHANGES);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const child of children) child.send({ type: 'reset' });
    await publish(CHANGES);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const collected = await Promise.all(
      children.map((child) => {
        const delays = nextMessage(child, 'delays');
        child.send({ type: 'collect' });
        return delays;
      }),
    );
    return collected.flatMap((message) => message.delays);
  } finally {
    for (const child of children) child.kill();
  }
}
