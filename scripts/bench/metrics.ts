import type autocannon from 'autocannon';
import {
  type BenchScenario,
  formatMicros,
  formatMs,
  formatRate,
  formatRatio,
  freePort,
  type LoadResult,
  type RunningServer,
} from './harness';
import { loggedInPlayers } from './wallet';

/** docs/deploy.md, "Metrics": metrics may cost at most 5% of the balance poll's rate. */
const TARGET_RATIO = 0.95;

async function balanceRequests(api: RunningServer): Promise<autocannon.Request[]> {
  const { tokens } = await loggedInPlayers(api);
  return tokens.map((token) => ({
    method: 'POST',
    path: '/api/user/getUserBalance',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  }));
}

/**
 * The balance poll with 1,000 players on two servers alike but for METRICS_PORT: what the
 * per-request hook and the histogram cost (docs/deploy.md "Metrics"). Scraped once at the end,
 * as Prometheus would, to show the count is there.
 */
export const metricsScenario: BenchScenario = {
  name: 'metrics: getUserBalance with METRICS_PORT set vs unset',
  async run({ startApi, compare, report }) {
    const plain = await startApi();
    const metricsPort = await freePort();
    const observed = await startApi({ METRICS_PORT: String(metricsPort) });
    const [plainRequests, observedRequests] = [await balanceRequests(plain), await balanceRequests(observed)];
    const [off, on] = (await compare([
      { url: plain.url, server: plain, method: 'POST', requests: plainRequests },
      { url: observed.url, server: observed, method: 'POST', requests: observedRequests },
    ])) as [LoadResult, LoadResult];
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const counted = /^api_request_duration_seconds_count\{endpoint="user\/getUserBalance",status="200"\} (\d+)$/m.exec(text)?.[1];
    await observed.stop();
    await plain.stop();
    report({
      name: 'POST user/getUserBalance, metrics off',
      value: formatRate(off.requestsPerSecond),
      note: `p99 ${formatMs(off.p99Ms)}, server CPU ${formatMicros(off.cpuMicrosPerRequest)} per request`,
    });
    report({
      name: '  metrics on (METRICS_PORT)',
      value: formatRate(on.requestsPerSecond),
      note: `p99 ${formatMs(on.p99Ms)}, server CPU ${formatMicros(on.cpuMicrosPerRequest)} per request; ${counted ?? 'no'} polls counted`,
    });
    report({ name: '  ratio on/off', value: formatRatio(on.requestsPerSecond / off.requestsPerSecond, TARGET_RATIO) });
  },
};
