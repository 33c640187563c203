import type autocannon from 'autocannon';
import { BALANCE_POLL_MS } from '@app/shared';
import { type BenchScenario, formatMs, percentile } from './harness';
import { benchDelta, publishDelta, redisReachable } from './sports-live';
import { CHANGES, CHANGES_PER_SECOND, measureFanOut } from './sports';
import { loggedInPlayers } from './wallet';

/**
 * The server's memory at a busy evening's size (docs/benchmarks.md). 10,000 players with a live
 * session poll their balance as the site does (each every BALANCE_POLL_MS), while 10,000 WebSockets
 * follow 50 matches (200 each) and prices change 20 times a second across those matches. Reports
 * the API process's peak resident memory (target ≤ 300 MB) and the fan-out's publish→receipt p99 at
 * that size. The API runs as `npm start` runs it (the bundle on plain node). BENCH_SMOKE=1 runs it
 * at a tenth of the size, to show the scenario works, not for figures.
 */
const SCALE = process.env.BENCH_SMOKE === '1' ? 0.1 : 1;
const SESSIONS = Math.round(10_000 * SCALE);
const SOCKETS = Math.round(10_000 * SCALE);
const MATCHES = 50;
const TARGET_RSS_MB = 300;
const RSS_SAMPLE_MS = 200;

export const memoryScenario: BenchScenario = {
  name: 'memory: 10,000 sessions polling and 10,000 sockets on 50 matches',
  async run({ startApi, load, report }) {
    const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const redis = await redisReachable(redisUrl);
    if (!redis) {
      report({ name: 'memory at size', value: 'skipped', note: `no Redis at ${redisUrl} (BENCH_REDIS_URL)` });
      return;
    }
    // Every socket comes from 127.0.0.1: far past the per-address limit of a real site.
    const api = await startApi(
      { LIVE_SOCKETS_PER_ADDRESS: String(SOCKETS + 100), REDIS_URL: redisUrl, SIM_SEED: `bench${Date.now()}` },
      { built: true },
    );
    try {
      const idleRss = api.rssBytes();
      const post = async (path: string) =>
        (
          (await (
            await fetch(`${api.url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
          ).json()) as {
            data: { match_id: number }[];
          }
        ).data;
      const matchIds = [...(await post('match/getLiveMatches')), ...(await post('match/getUpcomingMatches'))]
        .map((row) => row.match_id)
        .slice(0, MATCHES);
      if (matchIds.length === 0) throw new Error('the feed has no matches');
      const markets = new Map<number, Parameters<typeof benchDelta>[2]>();
      for (const matchId of matchIds) {
        const response = await fetch(`${api.url}/api/market/getMarkets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ match_id: matchId }),
        });
        const market = ((await response.json()) as { data: { markets: Parameters<typeof benchDelta>[2][] } }).data.markets[0];
        if (market) markets.set(matchId, market);
      }
      const priced = [...markets.keys()];
      if (priced.length === 0) throw new Error('no match has a market');

      const { tokens } = await loggedInPlayers(api, SESSIONS);
      const requests: autocannon.Request[] = tokens.map((token) => ({
        method: 'POST',
        path: '/api/user/getUserBalance',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{}',
      }));
      const pollRate = Math.round((SESSIONS * 1_000) / BALANCE_POLL_MS);

      let peakRss = api.rssBytes();
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, api.rssBytes());
      }, RSS_SAMPLE_MS);
      let polls: Awaited<ReturnType<typeof load>> | undefined;
      const wsUrl = `${api.url.replace('http', 'ws')}/api/ws`;
      const delays = await measureFanOut(wsUrl, priced, SOCKETS, async (count) => {
        // The polls run beside the timed changes (the warm-up's count is smaller).
        const polling =
          count === CHANGES
            ? load({
                url: api.url,
                method: 'POST',
                requests,
                connections: 32,
                overallRate: pollRate,
                durationSeconds: Math.ceil(count / CHANGES_PER_SECOND) + 1,
                server: api,
              }).then((result) => {
                polls = result;
              })
            : Promise.resolve();
        const startedAt = performance.now();
        for (let index = 0; index < count; index++) {
          const due = startedAt + (index * 1_000) / CHANGES_PER_SECOND;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
          const matchId = priced[index % priced.length] as number;
          await publishDelta(
            redis,
            matchId,
            benchDelta(matchId, index, markets.get(matchId) as Parameters<typeof benchDelta>[2]),
          );
        }
        await polling;
      });
      clearInterval(sampler);
      const endRss = api.rssBytes();
      peakRss = Math.max(peakRss, endRss);

      const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
      report({
        name: `API resident memory, ${SESSIONS} sessions polling + ${SOCKETS} sockets on ${priced.length} matches`,
        value: `peak ${mb(peakRss)}`,
        note: `at the end ${mb(endRss)}, idle before ${mb(idleRss)}; target ≤ ${TARGET_RSS_MB} MB ${peakRss <= TARGET_RSS_MB * 1024 * 1024 ? 'PASS' : 'MISS'}`,
      });
      report({
        name: `  balance polls, ${pollRate}/s asked (each session every ${BALANCE_POLL_MS / 1_000} s)`,
        value: polls ? `${Math.round(polls.requestsPerSecond)} /s` : 'none',
        note: polls ? `p99 ${formatMs(polls.p99Ms)}, ${polls.non2xx} non-2xx, ${polls.errors} errors` : '',
      });
      const perChange = Math.round(SOCKETS / priced.length);
      report({
        name: `  fan-out at that size: ${CHANGES_PER_SECOND} changes/s, ${perChange} sockets each, publish→receipt`,
        value: `p99 ${formatMs(percentile(delays, 0.99))}`,
        note: `p50 ${formatMs(percentile(delays, 0.5))}, ${delays.length}/${CHANGES * perChange} delivered`,
      });
    } finally {
      redis.disconnect();
      await api.stop();
    }
  },
};
