import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints } from '@app/shared';
import type { FastifyInstance, onErrorHookHandler, onResponseHookHandler, RouteOptions } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database';
import { groupCommitter } from '../db/group-commit';
import { oldestDueRunAt } from '../db/jobs';
import { oldestUnpublishedAt } from '../db/outbox';
import type { Clock } from '../lib/clock';
import type { JobRunObserver } from '../db/job-runner';
import type { StreamHealth } from '../modules/feed';
import { refusalCodeOf } from './error-handler';
import { FastHistogram, type Observe } from './fast-histogram';
import { type FeedHealthSource, registerDiskGauges, registerFeedGauges, type WatchedStorage } from './metrics-gauges';

/**
 * Prometheus metrics (docs/deploy.md "Metrics"), installed only when METRICS_PORT is set: with
 * it unset no hook, timer or server exists, so metrics cost nothing.
 *
 * Cheap per request: one `onResponse` hook on the contract's routes and the providers' wallet
 * routes only (not the site's pages or assets), labelled by the endpoint's path and the status
 * code, both closed lists; each label set's series is found once and kept (fast-histogram.ts). Everything that
 * needs the database (outbox and job lag) is read when Prometheus scrapes, not per request.
 */
export interface Metrics {
  registry: Registry;
  /** Hears each durable job run (settlement is kind `bets.settle`). */
  observeJob: JobRunObserver;
  /**
   * Reads the database, the pool, the sockets, the feed's health (and its live stream's, when it
   * has one) and the disk at scrape time; group commit sizes as they happen.
   */
  watch(sources: {
    database: DatabaseHandle;
    clock: Clock;
    openSockets(): number;
    /** Left out when there is no feed (FEED=none). */
    feedHealth?: FeedHealthSource;
    storage: WatchedStorage;
    streamHealth?: (() => StreamHealth | undefined) | undefined;
  }): void;
  /** The port the metrics server listens on, once the app is ready. */
  address(): AddressInfo | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when METRICS_PORT is (app.ts). */
    metrics?: Metrics;
  }
}

const LATENCY_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS_S = [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64];
const PROVIDER_WALLET_PREFIX = '/api/provider/wallet/';
const BET_KINDS = new Map<string, string>([
  [`/api/${endpoints.placeMarketBet.path}`, 'market'],
  [`/api/${endpoints.placeFancyBet.path}`, 'fancy'],
]);

/** The label of a route the metrics follow: its path under /api/, or undefined for the site's routes. */
function endpointLabel(route: RouteOptions, contractUrls: Set<string>): string | undefined {
  if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD'))) return undefined;
  if (contractUrls.has(route.url) || route.url.startsWith(PROVIDER_WALLET_PREFIX)) return route.url.slice('/api/'.length);
  return undefined;
}

/** A route's hooks of one kind as a list (Fastify takes one hook or a list). */
function hooksOf<T>(existing: T | T[] | undefined): T[] {
  if (existing === undefined) return [];
  return Array.isArray(existing) ? existing : [existing];
}

/** Creates the registry and hooks every route registered after this call. */
export function installMetrics(app: FastifyInstance, listen: { port: number; host: string }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new FastHistogram(
    'api_request_duration_seconds',
    'Time from routing to the last byte of the answer, per contract endpoint (path under /api/) and status',
    LATENCY_BUCKETS_S,
    registry,
  );
  const refusals = new Counter({
    name: 'api_refusals_total',
    help: 'Refusals per contract endpoint and error code (docs/refusals.md)',
    labelNames: ['endpoint', 'code'] as const,
    registers: [registry],
  });
  const betsPlaced = new Counter({
    name: 'bets_placed_total',
    help: 'Sports bets placed, by kind (market: match odds and bookmaker; fancy)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const betsRefused = new Counter({
    name: 'bets_refused_total',
    help: 'Sports bets refused, by kind and error code',
    labelNames: ['kind', 'code'] as const,
    registers: [registry],
  });
  const jobRuns = new Histogram({
    name: 'jobs_run_duration_seconds',
    help: 'Durable job runs by kind and outcome; settlement of a market or fancy result is kind bets.settle',
    labelNames: ['kind', 'outcome'] as const,
    buckets: JOB_BUCKETS_S,
    registers: [registry],
  });

  const contractUrls = new Set(Object.values(endpoints).map((endpoint) => `/api/${endpoint.path}`));
  app.addHook('onRoute', (route) => {
    const endpoint = endpointLabel(route, contractUrls);
    if (!endpoint) return;
    // One series per status this endpoint has answered, found by status code without building a label key.
    const byStatus = new Map<number, Observe>();
    const betKind = BET_KINDS.get(route.url);
    const placed = betKind ? betsPlaced.labels(betKind) : undefined;
    const onResponse: onResponseHookHandler = (_request, reply, done) => {
      const status = reply.statusCode;
      let observe = byStatus.get(status);
      if (!observe) byStatus.set(status, (observe = requests.series({ endpoint, status: String(status) })));
      observe(reply.elapsedTime / 1000);
      if (placed && status === 200) placed.inc();
      done();
    };
    const onError: onErrorHookHandler = (_request, _reply, error, done) => {
      const code = refusalCodeOf(error);
      refusals.labels(endpoint, code).inc();
      if (betKind) betsRefused.labels(betKind, code).inc();
      done();
    };
    route.onResponse = [...hooksOf(route.onResponse), onResponse];
    route.onError = [...hooksOf(route.onError), onError];
  });

  let server: Server | undefined;
  app.addHook('onReady', async () => {
    server = createServer((request, response) => {
      if (request.method !== 'GET' || (request.url ?? '').split('?', 1)[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: collecting failed');
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
        },
      );
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(listen.port, listen.host, () => resolve());
    });
  });
  app.addHook('onClose', async () => {
    const listening = server;
    if (!listening) return;
    listening.closeAllConnections();
    await new Promise((resolve) => listening.close(resolve));
  });

  return {
    registry,
    observeJob: (kind, seconds, hasFailed) => jobRuns.labels(kind, hasFailed ? 'failed' : 'done').observe(seconds),
    watch({ database, clock, openSockets, feedHealth, streamHealth, storage }) {
      if (feedHealth) registerFeedGauges(registry, feedHealth, clock);
      if (streamHealth) watchStream(registry, clock, streamHealth);
      registerDiskGauges(registry, storage);
      new Gauge({
        name: 'websocket_open_connections',
        help: 'Live sockets (/api/ws) open on this instance',
        registers: [registry],
        collect() {
          this.set(openSockets());
        },
      });
      new Gauge({
        name: 'outbox_lag_seconds',
        help: 'Age of the oldest outbox event not yet published to the event bus (0: none waiting)',
        registers: [registry],
        async collect() {
          const oldest = await oldestUnpublishedAt(database.db);
          this.set(oldest === undefined ? 0 : Math.max(0, clock.now() - oldest) / 1000);
        },
      });
      new Gauge({
        name: 'jobs_queue_lag_seconds',
        help: 'How long the longest-waiting due job has waited to start (0: none due)',
        registers: [registry],
        async collect() {
          const now = clock.now();
          const oldest = await oldestDueRunAt(database.db, now);
          this.set(oldest === undefined ? 0 : Math.max(0, now - oldest) / 1000);
        },
      });
      const poolUse = database.poolUse;
      if (poolUse) {
        new Gauge({
          name: 'db_pool_connections',
          help: 'PostgreSQL pool connections of this instance: total open, idle, and callers waiting for one',
          labelNames: ['state'] as const,
          registers: [registry],
          collect() {
            const use = poolUse();
            this.set({ state: 'total' }, use.total);
            this.set({ state: 'idle' }, use.idle);
            this.set({ state: 'waiting' }, use.waiting);
          },
        });
      }
      const postgresWrites = database.postgresWrites;
      if (postgresWrites) {
        let counted = 0;
        new Counter({
          name: 'db_postgres_writes_total',
          help: 'Socket writes of this instance to PostgreSQL: what it sends in one go is one write and one round trip',
          registers: [registry],
          collect() {
            const now = postgresWrites();
            this.inc(now - counted);
            counted = now;
          },
        });
      }
      if (database.dialect === 'sqlite') {
        const batches = new Histogram({
          name: 'sqlite_group_commit_units',
          help: 'Transactions each SQLite commit made durable together (group commit, docs/adr/0010)',
          buckets: BATCH_BUCKETS,
          registers: [registry],
        });
        groupCommitter(database.db).onCommit = (units) => batches.observe(units);
      }
    },
    address() {
      const address = server?.address();
      return address && typeof address === 'object' ? address : undefined;
    },
  };
}

/**
 * The live feed's stream (docs/feeds-stream.md, "Metrics"), read at scrape time from its health.
 * Counters are the stream's own totals since it started; each scrape sets them to those.
 */
function watchStream(registry: Registry, clock: Clock, streamHealth: () => StreamHealth | undefined): void {
  const gauge = (name: string, help: string, value: (health: StreamHealth) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const health = streamHealth();
        this.set(health ? value(health) : 0);
      },
    });
  const total = (name: string, help: string, value: (health: StreamHealth) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        const health = streamHealth();
        if (health) this.inc(value(health));
      },
    });
  gauge('betfair_stream_active', '1 while this instance runs the live Betfair stream', () => 1);
  gauge('betfair_stream_up', '1 while the stream is subscribed and its data is fresh (not marked stale by Betfair)', (health) =>
    health.state === 'live' && !health.isStale ? 1 : 0,
  );
  gauge('betfair_stream_connected', '1 while the TLS connection to the stream is open', (health) => (health.isConnected ? 1 : 0));
  gauge('betfair_stream_authenticated', '1 while the stream has accepted the app key and session', (health) =>
    health.isAuthenticated ? 1 : 0,
  );
  gauge(
    'betfair_stream_failed',
    '1 when stopped by an error only a change of configuration fixes (a bad key, a limit)',
    (health) => (health.state === 'failed' ? 1 : 0),
  );
  gauge(
    'betfair_stream_last_message_age_seconds',
    'Seconds since the last line from the stream, heartbeats included',
    (health) => (health.lastMessageAt === null ? 0 : Math.max(0, clock.now() - health.lastMessageAt) / 1000),
  );
  total(
    'betfair_stream_reconnects_total',
    'Reconnections after a lost or refused stream connection',
    (health) => health.reconnects,
  );
  total(
    'betfair_stream_messages_total',
    'Whole change messages received from the stream, heartbeats included',
    (health) => health.messages,
  );
  new Counter({
    name: 'betfair_stream_errors_total',
    help: "Stream errors by code: Betfair's status error codes and the client's own (docs/feeds-stream.md)",
    labelNames: ['code'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [code, count] of Object.entries(streamHealth()?.errors ?? {})) this.labels(code).inc(count);
    },
  });
}
