import { type BenchScenario, formatMs, formatRate, formatRatio } from './harness';

/** Issue 2: the public reads every page load makes, against a bare node:http server. */
export const platformScenario: BenchScenario = {
  name: 'platform: getGlobalSetting and sport/getSports vs bare node:http',
  async run({ startApi, startBare, load, report }) {
    const api = await startApi();
    const probes = [
      { name: 'GET globalSetting/getGlobalSetting', path: '/api/globalSetting/getGlobalSetting', method: 'GET' as const },
      { name: 'POST sport/getSports', path: '/api/sport/getSports', method: 'POST' as const, body: '{}' },
    ];
    for (const probe of probes) {
      const sample = await fetch(`${api.url}${probe.path}`, {
        method: probe.method,
        ...(probe.body ? { body: probe.body, headers: { 'content-type': 'application/json' } } : {}),
      });
      const json = await sample.text();
      const bare = await startBare(json);
      // Warm both up, then measure each on its own so they never share the CPU.
      await load({ url: `${api.url}${probe.path}`, method: probe.method, body: probe.body, durationSeconds: 2 });
      await load({ url: bare.url, method: probe.method, body: probe.body, durationSeconds: 2 });
      const apiResult = await load({ url: `${api.url}${probe.path}`, method: probe.method, body: probe.body });
      const bareResult = await load({ url: bare.url, method: probe.method, body: probe.body });
      await bare.stop();
      report({ name: `${probe.name}`, value: formatRate(apiResult.requestsPerSecond), note: `p99 ${formatMs(apiResult.p99Ms)}` });
      report({
        name: `  bare node:http, same JSON`,
        value: formatRate(bareResult.requestsPerSecond),
        note: `p99 ${formatMs(bareResult.p99Ms)}`,
      });
      report({
        name: `  ratio to bare`,
        value: formatRatio(apiResult.requestsPerSecond / bareResult.requestsPerSecond, 0.8),
        note: apiResult.non2xx + apiResult.errors > 0 ? `(${apiResult.non2xx} non-2xx, ${apiResult.errors} errors)` : '',
      });
    }
  },
};
