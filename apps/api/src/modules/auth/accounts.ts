import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type AppConfig, parseDatabaseUrl } from '../../config/env';
import type { Db } from '../../db/database';
import { createUserCache, HOT_COPIES } from '../../db/user-cache';
import type { UserChangeFeed } from '../../db/user-changes';
import type { Clock } from '../../lib/clock';
import { sweepEvery } from '../../lib/sweep';
import { registerActivityRoutes } from '../activity';
import { createOtpService } from '../otp';
import { createSessionsService, type SessionsService } from '../sessions';
import type { SettingsService } from '../settings';
import type { SmsProvider } from '../sms';
import { configurePasswordHashing, passwordHashingSettled } from '../users';
import type { AccountHooks } from './account-hooks';
import { registerAuthRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { purgeExpiredThrottles, THROTTLE_PURGE_INTERVAL_MS } from './login-throttle';
import { createPasswordsService } from './passwords.service';

export interface AccountsOptions {
  db: Db;
  clock: Clock;
  config: AppConfig;
  settings: SettingsService;
  sms: SmsProvider;
  logger: FastifyBaseLogger;
  /** Sessions are kept in memory for the balance poll, dropped on these notices. */
  userChanges: UserChangeFeed;
  hooks?: AccountHooks;
}

export interface Accounts {
  sessions: SessionsService;
  /** Registers the account and activity-log routes; call after the auth plugin is installed. */
  registerRoutes(app: FastifyInstance): void;
}

/** Wires sessions, OTP, login, sign-up and passwords together (docs/accounts.md). */
export function createAccounts(options: AccountsOptions): Accounts {
  const { db, clock, config, settings } = options;
  // Tests hash cheaply unless they say otherwise (the suite logs in thousands of times), and wait
  // longer for hashing: only login-latency.test.ts is about the 2 s limit, and it sets its own.
  const isTest = config.NODE_ENV === 'test';
  configurePasswordHashing({
    hasher: config.PASSWORD_HASHER,
    concurrency: config.PASSWORD_HASH_CONCURRENCY,
    queueWaitMs: config.PASSWORD_HASH_QUEUE_WAIT_MS ?? (isTest ? 30_000 : undefined),
    memoryKib: config.PASSWORD_HASH_MEMORY_KIB ?? (isTest ? 1_024 : undefined),
    passes: config.PASSWORD_HASH_PASSES ?? (isTest ? 1 : undefined),
  });
  const sessions = createSessionsService(db, clock, {
    idleMinutes: config.SESSION_IDLE_MINUTES,
    copies: createUserCache(options.userChanges, clock, HOT_COPIES),
  });
  const otp = createOtpService(db, parseDatabaseUrl(config.DATABASE_URL).kind, clock, options.sms, options.logger);
  const auth = createAuthService({
    db,
    clock,
    sessions,
    otp,
    settings,
    hooks: options.hooks ?? {},
    chatUrl: config.SUPPORT_CHAT_URL ?? '',
  });
  const passwords = createPasswordsService({ db, clock, sessions, otp });
  return {
    sessions,
    registerRoutes(app) {
      // A login whose client went away may still be hashing when the server closes: exiting in
      // the middle of argon2 on a worker thread aborts the process.
      app.addHook('onClose', async () => passwordHashingSettled());
      registerAuthRoutes(app, { auth, passwords, otp });
      registerActivityRoutes(app, db);
      sweepEvery(app, 'login throttle purge', THROTTLE_PURGE_INTERVAL_MS, () => purgeExpiredThrottles(db, clock));
    },
  };
}
