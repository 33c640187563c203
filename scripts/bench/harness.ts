import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** The value below which `fraction` of `values` lie (NaN for none). */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}
const WARM_UP_SECONDS = 3;

export interface RunningServer {
  url: string;
  env: Record<string, string>;
  /** CPU seconds (user + system) the server process has used so far (Linux /proc). */
  cpuSeconds(): number;
  /** The process's resident memory now, in bytes (Linux /proc). */
  rssBytes(): number;
  stop(): Promise<void>;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
  /** Per-connection requests, cycled (e.g. one token per simulated user). */
  requests?: autocannon.Request[];
  /** Requests per second across all connections (for a steady background load). */
  overallRate?: number;
  /** The server behind `url`, to measure its CPU time per request. */
  server?: RunningServer;
  /** Gets every answer's latency in ms, to pool percentiles across loads. */
  latencies?: number[];
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Server CPU (user + system) per request in µs, when the target named its server. */
  cpuMicrosPerRequest?: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface BenchRow {
  name: string;
  value: string;
  note?: string;
}

export interface BenchContext {
  /** The real API server in its own process on a fresh SQLite database (or the env's). */
  /**
   * `built`: run the API as `npm start` does (the esbuild bundle with plain node, built first)
   * instead of its source through tsx, whose loader thread would count in the process's memory.
   */
  startApi(env?: Record<string, string>, options?: { built?: boolean }): Promise<RunningServer>;
  /** A bare node:http server answering `body` as JSON to every request. */
  startBare(body: string): Promise<RunningServer>;
  /** Fastify with nothing added, answering `body` to GET and POST / : the framework's floor. */
  startBareFastify(body: string): Promise<RunningServer>;
  load(options: LoadOptions): Promise<LoadResult>;
  /**
   * Loads each target in turn, in alternating slices after a warm-up of each, so that the machine's slow
   * moments (this VM shares its host) fall on all of them alike. Each rate is its total requests
   * over its total time; p99 is the worst slice's.
   */
  compare(targets: LoadOptions[], options?: { slices?: number; sliceSeconds?: number }): Promise<LoadResult[]>;
  report(row: BenchRow): void;
}

/** A measured part of the product; each issue adds its own. */
export interface BenchScenario {
  name: string;
  run(context: BenchContext): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} did not answer within 60 s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function processCpuSeconds(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat: utime and stime in clock ticks (100 per second).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of every PostgreSQL process on this machine (its backends do the statements' work). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes(' (postgres) ')) continue;
      total += processCpuSeconds(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

function processRssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : Number.NaN;
}

export async function startProcess(
  script: string,
  env: Record<string, string>,
  probePath: string,
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const fullEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
  // TypeScript through tsx; a built bundle (.js) with plain node, as `npm start` runs it.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...fullEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}${probePath}`, child);
  return {
    url,
    env: fullEnv,
    cpuSeconds: () => processCpuSeconds(child.pid as number),
    rssBytes: () => processRssBytes(child.pid as number),
    stop: () => stopChild(child),
  };
}

async function load(options: LoadOptions): Promise<LoadResult> {
  const cpuBefore = options.server?.cpuSeconds();
  const latencies = options.latencies;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? 'GET',
        connections: options.connections ?? 50,
        duration: options.durationSeconds ?? 5,
        ...(options.body !== undefined ? { body: options.body } : {}),
        headers: { 'content-type': 'application/json', ...options.headers },
        ...(options.requests ? { requests: options.requests } : {}),
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      },
      (error, answer) => (error ? reject(error) : resolve(answer)),
    );
    if (latencies) instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  const cpuAfter = options.server?.cpuSeconds();
  return {
    requestsPerSecond: result.requests.average,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? { cpuMicrosPerRequest: ((cpuAfter - cpuBefore) * 1e6) / result.requests.total }
      : {}),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function createContext(rows: BenchRow[]): { context: BenchContext; cleanup(): Promise<void> } {
  const running: RunningServer[] = [];
  const folders: string[] = [];
  const context: BenchContext = {
    async startApi(env = {}, { built = false } = {}) {
      const folder = mkdtempSync(path.join(tmpdir(), 'casino-bench-'));
      folders.push(folder);
      if (built) execFileSync(process.execPath, [path.join(REPO_ROOT, 'apps/api/scripts/build.mjs')], { stdio: 'inherit' });
      const server = await startProcess(
        path.join(REPO_ROOT, built ? 'apps/api/dist/server.js' : 'apps/api/src/server.ts'),
        {
          DATABASE_URL: `sqlite:${path.join(folder, 'bench.db')}`,
          UPLOAD_DIR: path.join(folder, 'uploads'),
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          SMS_LOG_IN_PRODUCTION: '1',
          ...env,
        },
        '/api/globalSetting/getGlobalSetting',
        // e.g. BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the API under load
        (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
      );
      running.push(server);
      return server;
    },
    async startBare(body) {
      const server = await startProcess(path.join(import.meta.dirname, 'bare-server.ts'), { BARE_BODY: body }, '/');
      running.push(server);
      return server;
    },
    async startBareFastify(body) {
      const server = await startProcess(path.join(import.meta.dirname, 'bare-fastify-server.ts'), { BARE_BODY: body }, '/');
      running.push(server);
      return server;
    },
    load,
    async compare(targets, options = {}) {
      // BENCH_SMOKE=1: one short slice each, to show a scenario runs (its figures mean nothing).
      const isSmoke = process.env.BENCH_SMOKE === '1';
      const { slices = isSmoke ? 1 : 5, sliceSeconds = isSmoke ? 1 : 2 } = options;
      // 3 s each: with 1 s, V8 had not finished optimising the API's hot path (and its copies
      // were still filling), and the API's CPU per request varied by a quarter between runs.
      for (const target of targets) await load({ ...target, durationSeconds: isSmoke ? 1 : WARM_UP_SECONDS });
      const totals = targets.map(() => ({ requests: 0, seconds: 0, cpu: 0, p50: 0, p99: 0, errors: 0, non2xx: 0 }));
      for (let slice = 0; slice < slices; slice += 1) {
        for (const [index, target] of targets.entries()) {
          const result = await load({ ...target, durationSeconds: sliceSeconds });
          const total = totals[index] as (typeof totals)[number];
          total.requests += result.requestsPerSecond * sliceSeconds;
          total.cpu += (result.cpuMicrosPerRequest ?? 0) * result.requestsPerSecond * sliceSeconds;
          total.seconds += sliceSeconds;
          total.p50 = Math.max(total.p50, result.p50Ms);
          total.p99 = Math.max(total.p99, result.p99Ms);
          total.errors += result.errors;
          total.non2xx += result.non2xx;
        }
      }
      return totals.map((total) => ({
        requestsPerSecond: total.requests / total.seconds,
        ...(total.cpu > 0 ? { cpuMicrosPerRequest: total.cpu / total.requests } : {}),
        p50Ms: total.p50,
        p99Ms: total.p99,
        errors: total.errors,
        non2xx: total.non2xx,
      }));
    },
    report(row) {
      rows.push(row);
      console.log(`  ${row.name.padEnd(58)} ${row.value.padStart(14)}${row.note ? `  ${row.note}` : ''}`);
    },
  };
  return {
    context,
    async cleanup() {
      await Promise.all(running.map((server) => server.stop()));
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}

export function formatRate(value: number): string {
  return `${Math.round(value).toLocaleString('en-US')} req/s`;
}

export function formatMicros(value: number | undefined): string {
  return value === undefined ? 'n/a' : `${value.toFixed(1)} µs`;
}

export function formatMs(value: number): string {
  return `${value.toFixed(2)} ms`;
}

export function formatRatio(value: number, target: number): string {
  return `${value.toFixed(2)}x (target ≥ ${target}) ${value >= target ? 'PASS' : 'MISS'}`;
}
