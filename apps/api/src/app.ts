import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Redis } from 'ioredis';
import { type AppConfig, parseDatabaseUrl } from './config/env';
import type { DatabaseHandle } from './db/database';
import { type Clock, systemClock } from './lib/clock';
import { createLocalEventBus, type EventBus } from './lib/event-bus';
import { createRedisEventBus } from './lib/redis-event-bus';
import { type AccountHooks, createAccounts } from './modules/auth';
import { createBetsModule, type PlacementOptions } from './modules/bets';
import { createNoticesModule } from './modules/notices';
import { createBonusModule } from './modules/bonus';
import { createButtonsModule } from './modules/buttons';
import { createCasinoModule } from './modules/casino';
import { createFairGamesModule, roundChainsOf } from './modules/fair-games';
import { createLiveTablesModule } from './modules/live-tables';
import type { OddsFeed } from './modules/feed';
import { createMarketsModule } from './modules/markets';
import { createMoneyModule, type MoneyRules } from './modules/money';
import { createOperationsModule } from './modules/operations';
import { type ConsoleTestHooks, createConsoleModule } from './modules/console';
import { createOperatorsModule } from './modules/operators';
import { createUsersAdmin } from './modules/users';
import { createCasinoAdmin } from './modules/casino';
import { createMarketsAdmin } from './modules/markets';
import { createRgModule } from './modules/responsible-play';
import { createPaymentsModule, type DepositCheck, type PaymentTestHooks, sumDepositsSince } from './modules/payments';
import { createSettingsModule } from './modules/settings';
import { createSmsProvider, type SmsProvider } from './modules/sms';
import { createSportsModule } from './modules/sports';
import { createUploadsModule } from './modules/uploads';
import { createWebModule } from './modules/web';
import { installAuth } from './plugins/auth';
import { installZodValidation } from './plugins/contract';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler } from './plugins/error-handler';
import { installIdempotency } from './plugins/idempotency';
import { installJsonBodyParser } from './plugins/json-body';
import { installRateLimit } from './plugins/rate-limit';
import { installSecurityHeaders } from './plugins/security-headers';
import { deletePublishedBefore } from './db/outbox';
import { createJobRunner, type JobRunner } from './db/job-runner';
import { createOutboxRelay, type OutboxRelay } from './db/outbox-relay';
import { installLiveSocket } from './plugins/websocket';
import { installMetrics } from './plugins/metrics';
import { checkNestedQueriesFor } from './db/transaction-scope';

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
  /** More rules every stake, grant and result passes (tests pass a recorder; docs/wallet.md, "Money"). */
  moneyRules?: readonly MoneyRules[];
  /** More rules every deposit passes before its order is created (docs/payments.md, "Deposit checks"). */
  depositChecks?: readonly DepositCheck[];
  /** Test-only: a crash between a payment callback's receipt and its credit. */
  paymentTestHooks?: PaymentTestHooks;
  /** Test-only: a crash inside an operator's money act. */
  consoleTestHooks?: ConsoleTestHooks;
  /** The odds feed; by default the one FEED names (tests pass one with a live stream against a local server). */
  feed?: OddsFeed;
  /** Test-only: how a bet waits out the in-play delay (a recorder, instead of the real seconds). */
  betPlacement?: PlacementOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable jobs: recurring tasks and work that must survive a restart (db/job-runner.ts). */
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
  checkNestedQueriesFor(config.NODE_ENV);
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
  installJsonBodyParser(app);
  installZodValidation(app);
  installSecurityHeaders(app, { frameHosts: config.SPORTSBOOK_ALLOWED_HOSTS });
  // Before any route: it hooks the routes as they are registered. Off (no cost) without METRICS_PORT.
  const metrics =
    config.METRICS_PORT === undefined ? undefined : installMetrics(app, { port: config.METRICS_PORT, host: config.METRICS_HOST });
  if (metrics) app.decorate('metrics', metrics);
  await installRateLimit(app, redis, config.REDIS_PREFIX);

  const db = database.db;
  const bus =
    deps.bus ??
    (redis
      ? createRedisEventBus(redis, (error) => app.log.warn({ err: error }, 'event bus: Redis error'), config.REDIS_PREFIX)
      : createLocalEventBus());
  app.decorate('bus', bus);
  if (!deps.bus) app.addHook('onClose', async () => bus.close());
  app.decorate('jobs', createJobRunner(db, clock, app.log, metrics?.observeJob));
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
  const settings = createSettingsModule({ db, clock });
  const money = createMoneyModule({ db, clock, userChanges: database.userChanges, rules: deps.moneyRules });
  // Responsible play's limits and pauses hold for every stake, grant, launch and login.
  // The reality check's sports figures come from the bets module, made further down (read at call time).
  const late: { bets?: { playSince(userId: number, since: number): Promise<{ staked: number; returned: number }> } } = {};
  const rg = createRgModule({
    db,
    clock,
    money: money.money,
    deposits: { totalSince: sumDepositsSince },
    sportsPlay: (userId, since) => late.bets?.playSince(userId, since) ?? Promise.resolve({ staked: 0, returned: 0 }),
  });
  money.useRules(rg.guard.moneyRules);
  const bonus = createBonusModule({ db, clock, money: money.money });
  const sms = deps.smsProvider ?? createSmsProvider(config, app.log);
  const accounts = createAccounts({
    db,
    clock,
    config,
    settings: settings.settings,
    logger: app.log,
    userChanges: database.userChanges,
    sms,
    hooks: {
      async onUserCreated(trx, account) {
        await money.onUserCreated(trx, account);
        await deps.accountHooks?.onUserCreated?.(trx, account);
      },
      sessionTerms: (executor, userId) => rg.guard.sessionTerms(executor, userId),
    },
  });
  // Before the modules: every auth 'user' endpoint needs app.authenticate.
  installAuth(app, accounts.sessions, database.userChanges);
  installIdempotency(app, db, clock);
  // Operators apart from players (docs/operators.md): before any auth 'operator' endpoint.
  const operators = createOperatorsModule({ db, clock, idleMinutes: config.OPERATOR_IDLE_MINUTES });
  operators.installAuth(app);

  const markets = createMarketsModule({ db, clock, config, bus, logger: app.log, ...(deps.feed ? { feed: deps.feed } : {}) });
  // The live stream's state on this instance, for ready, the metrics and the console (docs/feeds-stream.md).
  const streamHealth = markets.feed.streamHealth ? () => markets.feed.streamHealth?.() : undefined;
  const casino = createCasinoModule({
    db,
    clock,
    money: money.money,
    config,
    statement: money.statement,
    playGuard: rg.guard.assertMayPlay,
  });
  // Crash's and the live tables' round chains, with the install's drand relays and notice.
  const roundChains = roundChainsOf(db, clock, config);
  const liveTables = createLiveTablesModule({
    db,
    clock,
    bus,
    chains: roundChains,
    casino: casino.casino,
    logger: app.log,
    timing: { bettingMs: config.LIVE_TABLE_BETTING_MS, resultMs: config.LIVE_TABLE_RESULT_MS },
    isClockStartedAtReady: config.JOBS_ENABLED === '1',
  });
  const fairGames = createFairGamesModule({ db, clock, casino: casino.casino, logger: app.log, chains: roundChains });
  const liveSocket = await installLiveSocket(app, {
    bus,
    checkMatch: async (matchId) => void (await markets.markets.getMarkets(matchId)),
    resolveUser: (token) => accounts.sessions.resolve(token, { countsAsActivity: false }),
    onInterest: (matchIds) => markets.ticker.noteInterest(matchIds),
    tableSnapshot: (table) => liveTables.tables.snapshot(table),
    crashFlight: fairGames.crashFlight,
    limits: { perAddress: config.LIVE_SOCKETS_PER_ADDRESS, perSession: config.LIVE_SOCKETS_PER_SESSION },
  });
  const databaseTarget = parseDatabaseUrl(config.DATABASE_URL);
  metrics?.watch({
    database,
    clock,
    openSockets: liveSocket.openSockets,
    feedHealth: markets.feed.health?.bind(markets.feed),
    streamHealth,
    storage: {
      sqliteFile: databaseTarget.kind === 'sqlite' && databaseTarget.file !== ':memory:' ? databaseTarget.file : undefined,
      folders: { uploads: config.UPLOAD_DIR, kyc: config.KYC_DOCUMENT_DIR },
    },
  });
  const uploads = createUploadsModule({ uploadDir: config.UPLOAD_DIR });
  const bets = createBetsModule({
    db,
    clock,
    markets: markets.markets,
    money: money.money,
    bonuses: bonus.bonuses,
    statement: money.statement,
    options: deps.betPlacement,
  });
  late.bets = bets;
  const payments = createPaymentsModule({
    db,
    clock,
    config,
    money: money.money,
    bonuses: bonus.bonuses,
    settings: settings.settings,
    statement: money.statement,
    // Responsible play's deposit limits and pauses hold for every deposit.
    depositChecks: [rg.guard.checkDeposit, ...(deps.depositChecks ?? [])],
    testHooks: deps.paymentTestHooks,
    logger: app.log,
    // A four-eyes request about a withdrawal ends with the withdrawal's wait (docs/operators.md).
    onWithdrawalLeftPending: async (tx, withdrawId, status) => {
      await operators.approvals.endForSubject(tx, 'withdraw_approve', `withdraw:${withdrawId}`, `The withdrawal was ${status}`);
    },
  });
  // One shape for every module: create it with what it needs, then register its routes in this order.
  const modules = [
    createOperationsModule({ database, redis, logger: app.log, streamHealth }),
    settings,
    createSportsModule({ db, clock }),
    markets,
    uploads,
    accounts,
    money,
    rg,
    bonus,
    createButtonsModule({ db }),
    // Notices to players, and their SMS (docs/accounts.md "Notices"): payments record them.
    createNoticesModule({ db, clock, sms, isSmsOn: config.SMS_NOTICES === '1' }),
    bets,
    casino,
    fairGames,
    // After the fair-games module: its provider and keys exist by then.
    liveTables,
    payments,
    // The operator console's API: every act through the services above (docs/operators.md).
    createConsoleModule({
      db,
      clock,
      operators,
      wallet: money.wallet,
      bonuses: bonus.bonuses,
      settings: settings.settings,
      images: uploads.images,
      settlement: bets.settlement,
      marketsAdmin: createMarketsAdmin(db, clock),
      casinoAdmin: createCasinoAdmin(db),
      payments,
      rg: rg.rg,
      usersAdmin: createUsersAdmin(db, clock),
      ...(deps.consoleTestHooks ? { testHooks: deps.consoleTestHooks } : {}),
      feed: markets.feed,
    }),
    // A sports page arrives with its prices painted in (docs/shell.md "Speed").
    createWebModule({ distDir: config.WEB_DIST_DIR, settings: settings.settings, firstState: markets.firstState }),
  ];
  for (const module of modules) await module.registerRoutes(app);

  return app;
}
