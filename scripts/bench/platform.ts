import { type BenchScenario, type LoadResult, formatMs, formatRate, formatRatio } from './harness';

/** docs/shell.md, "Speed": the public reads every page load makes, against a bare node:http server. */
export const platformScenario: BenchScenario = {
  name: 'platform: getGlobalSetting and sport/getSports vs bare node:http',
  async run({ startApi, startBare, startBareFastify, load, compare, report }) {
    const api = await startApi();
    let quietSettingsRate = 0;
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
      const floor = await startBareFastify(json);
      // One at a time, never sharing the CPU, in alternating slices.
      const [apiResult, bareResult, floorResult] = (await compare([
        { url: `${api.url}${probe.path}`, method: probe.method, body: probe.body },
        { url: bare.url, method: probe.method, body: probe.body },
        { url: floor.url, method: probe.method, body: probe.body },
      ])) as [LoadResult, LoadResult, LoadResult];
      await bare.stop();
      await floor.stop();
      if (probe.method === 'GET') quietSettingsRate = apiResult.requestsPerSecond;
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
      report({
        name: `  context: bare Fastify (no plugins), same JSON`,
        value: formatRate(floorResult.requestsPerSecond),
        note: `${(floorResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)}x of bare: the framework's own floor`,
      });
    }
    await api.stop();

    // Why request logging is off by default: the same read with one log line per request.
    const logging = await startApi({ LOG_REQUESTS: '1', LOG_LEVEL: 'info' });
    const url = `${logging.url}/api/globalSetting/getGlobalSetting`;
    await load({ url, durationSeconds: 2 });
    const logged = await load({ url });
    await logging.stop();
    report({
      name: 'GET globalSetting with LOG_REQUESTS=1',
      value: formatRate(logged.requestsPerSecond),
      note: `p99 ${formatMs(logged.p99Ms)}`,
    });
    report({ name: '  share of the quiet rate', value: `${(logged.requestsPerSecond / quietSettingsRate).toFixed(2)}x` });
  },
};
