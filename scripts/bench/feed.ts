import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../apps/api/src/config/env';
import { createLocalEventBus } from '../../apps/api/src/lib/event-bus';
import { createBetfairFeed } from '../../apps/api/src/modules/feed/betfair/betfair-feed';
import { bunzip2Blocks } from '../../apps/api/src/modules/feed/betfair/bzip2';
import { createMarketCache } from '../../apps/api/src/modules/feed/betfair/market-cache';
import { noCatalogues } from '../../apps/api/src/modules/feed/betfair/market-catalogues';
import { createStreamHandOver } from '../../apps/api/src/modules/feed/betfair/stream-hand-over';
import { noTimeShift } from '../../apps/api/src/modules/feed/betfair/stream-keeper';
import type { MarketChangeMessage, MarketChangeSource } from '../../apps/api/src/modules/feed/betfair/stream-messages';
import { prepareDatabase } from '../../apps/api/src/startup';
import { type BenchScenario, formatMs, percentile, processCpuSeconds, REPO_ROOT } from './harness';
import { redisReachable } from './sports-live';

const FIXTURES = path.join(REPO_ROOT, 'apps/api/test/fixtures/betfair');
const RECORDINGS = ['1.197931750', '1.197931751', '1.200806927.bz2', '1.181223995.gz', 'BASIC-1.132153978.gz'];
const TARGET_RATIO = 0.5;
const ROUNDS = process.env.BENCH_SMOKE === '1' ? 3 : 15;
const FOLLOWERS = 1_000;
const FOLLOWER_PROCESSES = 4;
/** The greyhound race at twice its speed: 82 s of pre-off trading, a price change every second or so. */
const FANOUT_FILE = '1.197931750';
const FANOUT_SPEED = 2;
/** The seq of the first holder's positions (epoch 1): stream-hand-over.ts. */
const EPOCH_SPAN = 2 ** 32;

function recordingLines(name: string): string[] {
  const raw = readFileSync(path.join(FIXTURES, name));
  const text = name.endsWith('.gz')
    ? gunzipSync(raw).toString()
    : name.endsWith('.bz2')
      ? Buffer.concat([...bunzip2Blocks(raw)].map((block) => Buffer.from(block))).toString()
      : raw.toString();
  return text.split('\n').filter(Boolean);
}

const median = (values: number[]) => percentile(values, 0.5);

/**
 * What the holder of a Betfair stream does with each message (stream-hand-over.ts): parse it,
 * apply it to the market cache, forward its line on the bus, tell the feed (which files new
 * markets under their race or match) — through the real hand-over on a SQLite database, its
 * state stored each second as it runs. Against JSON.parse of the same lines alone, in alternating
 * rounds (the machine is shared: its slow moments fall on both).
 */
async function measureIngest(lines: string[]): Promise<{ parse: number; ingest: number }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'feed-bench-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${path.join(folder, 'bench.db')}`,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: '0',
  });
  const database = await prepareDatabase(config);
  const bus = createLocalEventBus();
  const logger = pino({ level: 'silent' });
  const parseTimes: number[] = [];
  const ingestTimes: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      let started = performance.now();
      for (const line of lines) JSON.parse(line);
      parseTimes.push(performance.now() - started);

      let elapsed = 0;
      const source: MarketChangeSource = {
        start(sink) {
          started = performance.now();
          for (const line of lines) sink.onChange(JSON.parse(line) as MarketChangeMessage, line);
          elapsed = performance.now() - started;
        },
        stop: async () => undefined,
      };
      const keeper = createStreamHandOver({
        db: database.db,
        clock: { now: () => Date.now() },
        bus,
        logger,
        cache: createMarketCache(),
        origin: { key: `bench:${round}`, resumesBy: 'clk', open: () => source, timeShift: async () => noTimeShift },
      });
      const feed = createBetfairFeed({ keeper, catalogues: noCatalogues, name: 'bench' });
      feed.push?.onChange(() => undefined);
      await keeper.start();
      await keeper.stop();
      ingestTimes.push(elapsed);
    }
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
  return { parse: lines.length / (median(parseTimes) / 1_000), ingest: lines.length / (median(ingestTimes) / 1_000) };
}

type FollowerMessage = { type: 'ready' } | { type: 'received'; received: [number, number][] };

function nextMessage<T extends FollowerMessage['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<FollowerMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FollowerMessage) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message as Extract<FollowerMessage, { type: T }>);
    };
    child.on('message', onMessage);
    // 'close', not 'exit': it comes after the IPC channel has delivered every message the process
    // sent (a follower sends its figures and exits at once; 'exit' could come before them).
    child.once('close', (code) => reject(new Error(`a follower process exited (${code}) before '${type}'`)));
  });
}

/** Where the replay's clock starts and the holder's epoch (its stream positions are counted in it). */
async function readStream(databaseUrl: string): Promise<{ anchor_at: number; epoch: number }> {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new Database(databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
    const row = db.prepare('select anchor_at, epoch from feed_streams').get() as { anchor_at: number; epoch: number };
    db.close();
    return row;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ anchor_at: string; epoch: string }>('select anchor_at, epoch from feed_streams');
    return { anchor_at: Number(rows[0]?.anchor_at), epoch: Number(rows[0]?.epoch) };
  } finally {
    await client.end();
  }
}

/**
 * The recorded greyhound race played by `instances` API processes sharing one database (and the
 * Redis bus, when there are several) to FOLLOWERS sockets spread evenly over them, in
 * FOLLOWER_PROCESSES processes of their own. Every delta frame each socket receives is timed from
 * the moment the recorded message it shows (found by its `seq`, the stream position) was due to
 * play, which is never later than the moment the holder ingested it.
 */
async function measureFanOut(
  { startApi, report }: Pick<Parameters<BenchScenario['run']>[0], 'startApi' | 'report'>,
  instances: number,
  bus: { REDIS_URL: string } | undefined,
): Promise<void> {
  const env = {
    FEED: 'betfair-file',
    FEED_FILES: path.join(FIXTURES, FANOUT_FILE),
    FEED_SPEED: String(FANOUT_SPEED),
    LIVE_SOCKETS_PER_ADDRESS: '5000',
    ...(bus ? { ...bus, REDIS_PREFIX: `feedbench${Date.now()}:` } : {}),
    // e.g. a fresh PostgreSQL database: its commits do not hold the holder's event loop as SQLite's do.
    ...(process.env.BENCH_FEED_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_FEED_DATABASE_URL } : {}),
  };
  const first = await startApi(env);
  const apis = [first];
  const children: ChildProcess[] = [];
  try {
    for (let index = 1; index < instances; index += 1) {
      apis.push(await startApi({ ...env, DATABASE_URL: first.env.DATABASE_URL ?? '' }));
    }
    const post = async (route: string, body: object) =>
      (
        (await (
          await fetch(`${first.url}/api/${route}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as { data: unknown }
      ).data;
    let matchId: number | undefined;
    for (let tries = 0; tries < 200 && matchId === undefined; tries += 1) {
      const rows = (await post('match/getMatches', { sport_id: 4339, is_active: '1' })) as { match_id: number }[];
      matchId = rows[0]?.match_id;
      if (matchId === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (matchId === undefined) throw new Error('the recording never showed its race');
    const stream = await readStream(first.env.DATABASE_URL ?? '');
    // When each recorded message was due to play: its position in the stream is its index + 1.
    const pts = recordingLines(FANOUT_FILE).map((line) => (JSON.parse(line) as { pt: number }).pt);
    const firstPt = pts[0] ?? 0;
    const dueAt = (position: number) => stream.anchor_at + Math.round(((pts[position - 1] ?? NaN) - firstPt) / FANOUT_SPEED);
    // The race is suspended 165 recorded seconds in: price changes until then.
    const endsAt = stream.anchor_at + (Date.parse('2022-04-19T18:27:18.735Z') - firstPt) / FANOUT_SPEED;

    for (let index = 0; index < FOLLOWER_PROCESSES; index += 1) {
      const api = apis[index % apis.length] as (typeof apis)[number];
      children.push(
        fork(
          new URL('./feed-followers.ts', import.meta.url),
          [`${api.url.replace('http', 'ws')}/api/ws`, String(matchId), String(FOLLOWERS / FOLLOWER_PROCESSES)],
          { execArgv: ['--import', 'tsx'] },
        ),
      );
    }
    await Promise.all(children.map((child) => nextMessage(child, 'ready')));
    for (const child of children) child.send({ type: 'reset' });
    const cpuOf = () => apis.reduce((sum, api) => sum + api.cpuSeconds(), 0);
    const followersCpuOf = () => children.reduce((sum, child) => sum + processCpuSeconds(child.pid as number), 0);
    const cpuBefore = cpuOf();
    const followersCpuBefore = followersCpuOf();
    const measuredFrom = Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt - Date.now()) + 1_000));
    const cpuSeconds = cpuOf() - cpuBefore;
    const followersCpuSeconds = followersCpuOf() - followersCpuBefore;
    const collected = await Promise.all(
      children.map((child) => {
        const received = nextMessage(child, 'received');
        child.send({ type: 'collect' });
        return received;
      }),
    );
    const delays: number[] = [];
    const changes = new Set<number>();
    for (const { received } of collected) {
      for (const [seq, at] of received) {
        const position = seq - stream.epoch * EPOCH_SPAN;
        const due = dueAt(position);
        if (!Number.isFinite(due) || due < measuredFrom) continue;
        changes.add(position);
        delays.push(at - due);
      }
    }
    const p99 = percentile(delays, 0.99);
    const shape = instances === 1 ? '1 instance' : `${instances} instances × ${FOLLOWERS / instances}`;
    report({
      name: `recorded price change → WebSocket frame, ${FOLLOWERS} sockets, ${shape}`,
      value: `p99 ${formatMs(p99)}`,
      note: `p50 ${formatMs(percentile(delays, 0.5))}, ${changes.size} changes × sockets = ${delays.length}; target ≤ 50 ms ${p99 <= 50 ? 'PASS' : 'MISS'}${bus ? ' (bus: Redis)' : ' (bus: in process)'}`,
    });
    report({
      name: '  API CPU in that time',
      value: `${((cpuSeconds * 1_000) / Math.max(1, changes.size)).toFixed(1)} ms/change`,
      note: `${instances === 1 ? '' : 'all instances; '}the followers' ${((followersCpuSeconds * 1_000) / Math.max(1, changes.size)).toFixed(1)} ms/change; load ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')} on ${availableParallelism()} cores`,
    });
  } finally {
    for (const child of children) child.kill();
    for (const api of apis) await api.stop();
  }
}

/** docs/feeds.md, "Benchmark": Betfair recordings ingested against JSON.parse; a recorded price change to 1,000 sockets. */
export const feedScenario: BenchScenario = {
  name: 'feed: Betfair recordings ingested vs JSON.parse, recorded price change → WebSocket frame',
  async run({ startApi, report }) {
    // The busiest recording: the most messages.
    const recordings = RECORDINGS.map((name) => ({ name, lines: recordingLines(name) }));
    const busiest = recordings.reduce((best, item) => (item.lines.length > best.lines.length ? item : best));
    const { parse, ingest } = await measureIngest(busiest.lines);
    report({
      name: `JSON.parse alone, ${busiest.name} (${busiest.lines.length.toLocaleString('en-US')} messages)`,
      value: `${Math.round(parse).toLocaleString('en-US')} msg/s`,
    });
    report({
      name: '  ingested by the stream holder (parse, cache, bus, feed)',
      value: `${Math.round(ingest).toLocaleString('en-US')} msg/s`,
    });
    const ratio = ingest / parse;
    report({
      name: '  ratio to JSON.parse',
      value: `${ratio.toFixed(2)}x`,
      note: `target ≥ ${TARGET_RATIO} ${ratio >= TARGET_RATIO ? 'PASS' : 'MISS'}; medians of ${ROUNDS} alternating rounds`,
    });

    const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const redis = await redisReachable(redisUrl);
    redis?.disconnect();
    const bus = redis ? { REDIS_URL: redisUrl } : undefined;
    // BENCH_FEED_INSTANCES=1,2 adds the fan-out from two instances (they need Redis between them).
    for (const instances of (process.env.BENCH_FEED_INSTANCES ?? '1').split(',').map(Number)) {
      if (instances === 1 || bus) await measureFanOut({ startApi, report }, instances, bus);
    }
  },
};
