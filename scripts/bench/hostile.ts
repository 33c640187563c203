import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { type BenchScenario, formatMs, percentile } from './harness';

/**
 * docs/refusals.md, "Bodies: bounded in size and depth before anything walks them": hostile bodies
 * must not slow anyone else down. The 95th percentile of an unrelated request (the settings read
 * every page load makes) alone, then while 8 hostile bodies are in flight at every moment (each
 * sender posts the next as soon as the last is answered): 20,000 `[`, `{"a":` 5,000 deep, and 14 KB
 * of nesting, to a public endpoint and to the provider wallet. Target: within 2× of the quiet
 * figure. BENCH_SMOKE=1 runs each phase for a second (to show the scenario works, not for figures).
 */
const HOSTILE_IN_FLIGHT = 8;
const PROBES_IN_FLIGHT = 4;
const PHASE_SECONDS = process.env.BENCH_SMOKE === '1' ? 1 : 10;
const TARGET_RATIO = 2;

const HOSTILE_BODIES: { path: string; body: string }[] = [
  { path: '/api/sport/getSports', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  { path: '/api/sport/getSports', body: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` },
  { path: '/api/provider/wallet/transaction/bet', body: `${'[{"a":'.repeat(1_400)}1` },
  { path: '/api/sport/getSports', body: `{"a":${'['.repeat(7_000)}${']'.repeat(7_000)}}` },
];

/** Sends `probe` from `clients` loops until `until`, recording each answer's latency in ms. */
async function probeLatencies(
  url: string,
  clients: number,
  until: () => boolean,
): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!until()) {
        const started = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response.status !== 200) failures += 1;
      }
    }),
  );
  return { latencies, failures };
}

/**
 * `HOSTILE_IN_FLIGHT` senders, each posting the next hostile body once the last is answered. An
 * attacker runs on another machine and spends none of the server's CPU; here the senders share
 * the server's two cores, so they run in a process of their own at the lowest CPU priority
 * (`nice -n 19`): they take any idle core at full speed, but not a core the server or the probes
 * need. On the probes' event loop they delayed the probes in the client (9.45×); on a thread of
 * the probes' process at normal priority, the server sat 70% idle while the probes' p95 rose
 * 2.5–4×, from three busy threads on two cores (docs/benchmarks.md "Hostile bodies").
 */
async function sendHostile(baseUrl: string, seconds: number): Promise<{ sent: number; unexpected: number }> {
  const input = JSON.stringify({ baseUrl, seconds, inFlight: HOSTILE_IN_FLIGHT, bodies: HOSTILE_BODIES });
  const sender = spawn('nice', ['-n', '19', process.execPath, '-e', HOSTILE_SENDER, input], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  sender.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(sender, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the hostile sender exited with ${code}`);
  return JSON.parse(output) as { sent: number; unexpected: number };
}

const HOSTILE_SENDER = `
const { baseUrl, seconds, inFlight, bodies } = JSON.parse(process.argv[1]);
const deadline = performance.now() + seconds * 1000;
let sent = 0;
let unexpected = 0;
Promise.all(Array.from({ length: inFlight }, async (_, sender) => {
  for (let index = sender; performance.now() < deadline; index += 1) {
    const hostile = bodies[index % bodies.length];
    const response = await fetch(baseUrl + hostile.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': 'bm90IGEgc2lnbmF0dXJlIGF0IGFsbA==' },
      body: hostile.body,
    });
    await response.arrayBuffer();
    sent += 1;
    if (response.status !== 400) unexpected += 1;
  }
})).then(() => process.stdout.write(JSON.stringify({ sent, unexpected })));
`;

export const hostileScenario: BenchScenario = {
  name: 'hostile bodies: p95 of an unrelated request while 8 hostile bodies are in flight',
  async run({ startApi, report }) {
    const api = await startApi();
    const probeUrl = `${api.url}/api/globalSetting/getGlobalSetting`;
    const phase = () => {
      const deadline = performance.now() + PHASE_SECONDS * 1000;
      return () => performance.now() >= deadline;
    };
    // Warm-up: the probe's path and the refusal's path both optimised before anything counts.
    const warm = phase();
    await Promise.all([probeLatencies(probeUrl, PROBES_IN_FLIGHT, warm), sendHostile(api.url, PHASE_SECONDS)]);

    const quiet = await probeLatencies(probeUrl, PROBES_IN_FLIGHT, phase());
    const busy = phase();
    const [loaded, hostile] = await Promise.all([
      probeLatencies(probeUrl, PROBES_IN_FLIGHT, busy),
      sendHostile(api.url, PHASE_SECONDS),
    ]);
    await api.stop();

    const quietP95 = percentile(quiet.latencies, 0.95);
    const loadedP95 = percentile(loaded.latencies, 0.95);
    const ratio = loadedP95 / quietP95;
    report({ name: `GET globalSetting p95, ${PROBES_IN_FLIGHT} in flight, alone`, value: formatMs(quietP95) });
    report({
      name: `  while ${HOSTILE_IN_FLIGHT} hostile bodies are in flight`,
      value: formatMs(loadedP95),
      note: `${hostile.sent} hostile bodies refused${hostile.unexpected > 0 ? `, ${hostile.unexpected} NOT answered 400` : ''}`,
    });
    report({
      name: '  ratio',
      value: `${ratio.toFixed(2)}x (target ≤ ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'PASS' : 'MISS'}`,
      note: quiet.failures + loaded.failures > 0 ? `${quiet.failures + loaded.failures} probes failed` : '',
    });
  },
};
