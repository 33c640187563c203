import { type BenchScenario, type LoadResult, formatMs, formatRate, formatRatio } from './harness';
import { measurePaint } from './sports-paint';
import { fork } from 'node:child_process';
import { benchDelta, percentile, publishDelta, redisReachable } from './sports-live';

const TARGET_RATIO = 0.5;
const FOLLOWERS = 1_000;
const CHANGES_PER_SECOND = 20;
const FANOUT_SECONDS = 10;

/** Issue 11: the match page's read, live push to 1,000 sockets, and price change to paint. */
export const sportsScenario: BenchScenario = {
  name: 'sports: market/getMarkets vs bare node:http, WebSocket fan-out, price change to paint',
  async run({ startApi, startBare, compare, report }) {
    const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const redis = await redisReachable(redisUrl);
    const api = await startApi(redis ? { REDIS_URL: redisUrl, SIM_SEED: `bench${Date.now()}` } : {});
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
      const followers = fork(
        new URL('./sports-followers.ts', import.meta.url),
        [wsUrl, String(match.match_id), String(FOLLOWERS)],
        {
          execArgv: ['--import', 'tsx'],
        },
      );
      const next = (type: string) =>
        new Promise<{ type: string; delays?: number[] }>((resolve) => {
          const onMessage = (message: { type: string; delays?: number[] }) => {
            if (message.type !== type) return;
            followers.off('message', onMessage);
            resolve(message);
          };
          followers.on('message', onMessage);
        });
      await next('ready');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      followers.send({ type: 'reset' });
      const changes = CHANGES_PER_SECOND * FANOUT_SECONDS;
      for (let index = 0; index < changes; index++) {
        await publishDelta(redis, match.match_id, benchDelta(match.match_id, index, market));
        await new Promise((resolve) => setTimeout(resolve, 1_000 / CHANGES_PER_SECOND));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const collected = next('delays');
      followers.send({ type: 'collect' });
      const delays = (await collected).delays ?? [];
      followers.kill();
      const p99 = percentile(delays, 0.99);
      report({
        name: `WebSocket fan-out: ${FOLLOWERS} sockets, ${CHANGES_PER_SECOND} changes/s, publish→receipt`,
        value: `p99 ${formatMs(p99)}`,
        note: `p50 ${formatMs(percentile(delays, 0.5))}, ${delays.length}/${changes * FOLLOWERS} delivered; target ≤ 50 ms ${p99 <= 50 ? 'PASS' : 'MISS'}`,
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
