import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/database';
import { type Clock, systemClock } from './lib/clock';
import { createLocalEventBus, type EventBus } from './lib/event-bus';
import { createRedisEventBus } from './lib/redis-event-bus';
import type { AccountHooks } from './modules/auth/account-hooks';
import { createAccounts } from './modules/auth/accounts';
import { registerCasino } from './modules/casino/casino.module';
import { registerFairGames } from './modules/fair-games/fair-games.module';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { createSmsProvider, type SmsProvider } from './modules/sms/sms-provider';
import { registerSportsRoutes } from './modules/sports/sports.routes';
import { createSportsService } from './modules/sports/sports.service';
import { createLiveTicker } from './modules/markets/live-ticker';
import { createMarketsModule } from './modules/markets/markets.module';
import { createImageStore } from './modules/uploads/image-store';
import { registerUploadRoutes } from './modules/uploads/uploads.routes';
import { registerWebApp } from './modules/web/web-app.routes';
import { createWalletModule } from './modules/money/money.module';
import { pushBalances } from './modules/wallet/balance-push';
import { createBetsModule } from './modules/bets/bets.module';
import { installAuth } from './plugins/auth';
import { installZodValidation } from './plugins/contract';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler } from './plugins/error-handler';
import { installIdempotency } from './plugins/idempotency';
import { installRateLimit } from './plugins/rate-limit';
import { installSecurityHeaders } from './plugins/security-headers';
import { deletePublishedBefore } from './db/outbox';
import { createJobRunner, type JobRunner } from './lib/job-runner';
import { createOutboxRelay, type OutboxRelay } from './lib/outbox-relay';
import { installLiveSocket } from './plugins/websocket';

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  redis?: Redis;
  clock?: Clock;
  /** Where one-time codes go; by default the one SMS_PROVIDER names (tests pass a recorder). */
  smsProvider?: SmsProvider;
  /** What other modules do when an account is created (e.g. the demo's play money). */
  accountHooks?: AccountHooks;
  /** Messages every instance hears (live prices, outbox events); by default over Redis when there is one, else in process. */
  bus?: EventBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable jobs: recurring tasks and work that must survive a restart (lib/job-runner.ts). */
    jobs: JobRunner;
    /** Publishes the events money transactions wrote. */
    outbox: OutboxRelay;
  }
}

const BODY_LIMIT_BYTES = 64 * 1024;
/** Published outbox events are kept an hour (for a look after an incident), then deleted hourly. */
const OUTBOX_KEEP_MS = 60 * 60_000;
const OUTBOX_PURGE_INTERVAL_MS = 60 * 60_000;

/** Builds the Fastify app: external plugins → app plugins → modules. Listening is the caller's. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, redis } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.otp'],
    },
    // One log line per request halves throughput; errors and business events are logged instead.
    logController: new LogController({ disableRequestLogging: config.LOG_REQUESTS !== '1' }),
    // Random, not a counter: ids go out in refusals, and a counter would tell anyone the site's traffic.
    genReqId: () => randomUUID(),
    // No child logger per request (measured: ~13% of a hot read); error lines name the request id.
    // With request logs on, every line keeps its request id binding.
    ...(config.LOG_REQUESTS === '1' ? {} : { childLoggerFactory: (logger: FastifyBaseLogger) => logger }),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Trust exactly the configured number of proxy hops for the client address.
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    return503OnClosing: true,
    // A client that sends its request slowly (or never finishes it) holds a socket and memory:
    // the whole request must arrive within REQUEST_TIMEOUT_MS (408), and a socket with no
    // traffic at all for CONNECTION_TIMEOUT_MS is closed.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    // Node looks for late requests at this interval (default 30 s): a quarter of the limit.
    http: {
      connectionsCheckingInterval: Math.max(250, Math.floor(config.REQUEST_TIMEOUT_MS / 4)),
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_MS),
    },
    // Refusals raised before any route or hook still get the envelope and the security headers.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });

  installErrorHandler(app);
  installZodValidation(app);
  installSecurityHeaders(app, { frameHosts: config.SPORTSBOOK_ALLOWED_HOSTS });
  await installRateLimit(app, redis);

  const db = database.db;
  const bus =
    deps.bus ??
    (redis
      ? createRedisEventBus(redis, (error) => app.log.warn({ err: error }, 'event bus: Redis error'))
      : createLocalEventBus());
  app.decorate('bus', bus);
  if (!deps.bus) app.addHook('onClose', async () => bus.close());
  app.decorate('jobs', createJobRunner(db, clock, app.log));
  app.decorate('outbox', createOutboxRelay(db, bus, clock, app.log));
  app.addHook('onReady', async () => {
    if (config.JOBS_ENABLED === '1') await app.jobs.start();
    app.outbox.start();
  });
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await app.outbox.stop();
  });
  app.jobs.every('outbox purge', OUTBOX_PURGE_INTERVAL_MS, () => deletePublishedBefore(db, clock.now() - OUTBOX_KEEP_MS));
  database.userChanges.onError((error) =>
    app.log.error({ err: error }, 'change notices lost: the balance poll reads the database until they are back'),
  );
  const settings = createSettingsService(db, clock);
  const wallet = createWalletModule(db, clock, database.userChanges);
  const accounts = createAccounts({
    db,
    clock,
    config,
    settings,
    logger: app.log,
    userChanges: database.userChanges,
    sms: deps.smsProvider ?? createSmsProvider(config, app.log),
    hooks: {
      async onUserCreated(trx, account) {
        await wallet.onUserCreated(trx, account);
        await deps.accountHooks?.onUserCreated?.(trx, account);
      },
    },
  });
  // Before the modules: every auth 'user' endpoint needs app.authenticate.
  installAuth(app, accounts.sessions);
  installIdempotency(app, db, clock);

  registerSettingsRoutes(app, settings);
  registerSportsRoutes(app, createSportsService(db, clock));
  const sportsFeed = createMarketsModule(db, clock, config);
  sportsFeed.registerRoutes(app);
  const ticker = createLiveTicker(bus, sportsFeed.markets, app.log);
  app.addHook('onReady', async () => ticker.start());
  app.addHook('onClose', async () => ticker.stop());
  await installLiveSocket(app, {
    bus,
    checkMatch: async (matchId) => void (await sportsFeed.markets.getMarkets(matchId)),
    resolveUser: (token) => accounts.sessions.resolve(token, { countsAsActivity: false }),
    onInterest: (matchIds) => ticker.noteInterest(matchIds),
  });
  pushBalances(bus, wallet.wallet, app.log);
  registerUploadRoutes(app, createImageStore(config.UPLOAD_DIR));
  accounts.registerRoutes(app);
  wallet.registerRoutes(app);
  createBetsModule(db, clock, { markets: sportsFeed.markets, wallet }).registerRoutes(app);
  await registerFairGames(app, db, clock, registerCasino(app, db, clock, wallet.ledger, config));
  // A sports page arrives with its prices painted in (docs/shell.md "Speed").
  await registerWebApp(app, config.WEB_DIST_DIR, settings, sportsFeed.firstState);

  return app;
}
