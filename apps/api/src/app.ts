import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/database';
import { type Clock, systemClock } from './lib/clock';
import type { AccountHooks } from './modules/auth/account-hooks';
import { createAccounts } from './modules/auth/accounts';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { createSmsProvider, type SmsProvider } from './modules/sms/sms-provider';
import { registerSportsRoutes } from './modules/sports/sports.routes';
import { createSportsService } from './modules/sports/sports.service';
import { createImageStore } from './modules/uploads/image-store';
import { registerUploadRoutes } from './modules/uploads/uploads.routes';
import { registerWebApp } from './modules/web/web-app.routes';
import { createWalletModule } from './modules/wallet/wallet.module';
import { installAuth } from './plugins/auth';
import { installZodValidation } from './plugins/contract';
import { installErrorHandler } from './plugins/error-handler';
import { installIdempotency } from './plugins/idempotency';
import { installRateLimit } from './plugins/rate-limit';
import { installSecurityHeaders } from './plugins/security-headers';

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  redis?: Redis;
  clock?: Clock;
  /** Where one-time codes go; by default the one SMS_PROVIDER names (tests pass a recorder). */
  smsProvider?: SmsProvider;
  /** What other modules do when an account is created (e.g. the demo's play money). */
  accountHooks?: AccountHooks;
}

const BODY_LIMIT_BYTES = 64 * 1024;

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
  });

  installErrorHandler(app);
  installZodValidation(app);
  installSecurityHeaders(app, { frameHosts: config.SPORTSBOOK_ALLOWED_HOSTS });
  await installRateLimit(app, redis);

  const db = database.db;
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
  registerUploadRoutes(app, createImageStore(config.UPLOAD_DIR));
  accounts.registerRoutes(app);
  wallet.registerRoutes(app);
  await registerWebApp(app, config.WEB_DIST_DIR);

  return app;
}
