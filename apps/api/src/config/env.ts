import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

const databaseUrl = z.string().refine((value) => /^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value), {
  message: 'must be sqlite:<path> or a postgres:// address',
});

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** A file that must exist when named (a certificate, a key): a typo fails start-up, not the first login hours later. */
const optionalFile = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined))
  .transform((file) => (file === undefined ? undefined : path.resolve(REPO_ROOT, file)))
  .refine((file) => file === undefined || existsSync(file), { message: 'names a file that does not exist' });

/** An https:// base address ending in a slash (paths such as `keepAlive` follow it). */
const httpsBase = z
  .string()
  .regex(/^https:\/\/[^\s/]+(\/[^\s]*)?$/, 'must be an https:// address')
  .transform((url) => (url.endsWith('/') ? url : `${url}/`));

/** A comma-separated list whose every item matches `item`; empty items are dropped. */
const commaList = (item: RegExp, message: string, fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((items) => items.every((entry) => item.test(entry)), { message });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: databaseUrl.default(`sqlite:${path.join(REPO_ROOT, 'data/app.db')}`),
  /**
   * PostgreSQL only: the schema to use instead of `public`. At most 50 characters: it completes
   * the change-notice channel name (`user_changed:<schema>`), which PostgreSQL caps at 63.
   */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,49}$/, 'must be a lower-case schema name of at most 50 characters')
    .optional(),
  /**
   * PostgreSQL only: run hot statements as named (prepared) ones, parsed once per connection
   * (docs/adr/0014-postgres-named-statements.md). off: for a pooler that cannot carry them.
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must be a redis:// address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Put before every Redis key and channel this site uses (rate-limit counters, the event bus), so
   * several sites, or test runs, can share one Redis without hearing each other.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{0,40}$/, 'must be at most 40 letters, digits, _ : . or -')
    .default(''),
  /**
   * Prometheus metrics (`GET /metrics`) on this port of their own; unset: no metrics at all (and
   * no cost). 0 takes any free port (tests).
   */
  METRICS_PORT: z
    .literal('')
    .transform(() => undefined)
    .or(z.coerce.number().int().min(0).max(65_535))
    .optional(),
  /** Interface of the metrics port: loopback by default, for a scraper on the same machine or a tunnel. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 1: one log line per request (for debugging; it roughly halves throughput — see npm run bench). */
  LOG_REQUESTS: z.enum(['0', '1']).default('0'),
  /** 0: this process runs no durable jobs (API tests run them by hand; another instance may run them). */
  JOBS_ENABLED: z.enum(['0', '1']).default('1'),
  UPLOAD_DIR: z
    .string()
    .min(1)
    .default('data/uploads')
    .transform((dir) => path.resolve(REPO_ROOT, dir)),
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default('apps/web/dist')
    .transform((dir) => path.resolve(REPO_ROOT, dir)),
  /** Seed the demo data (settings, sports, demo accounts) on first start. */
  SEED_DEMO_DATA: z.enum(['0', '1']).default('1'),
  /** How many proxies in front of the app to trust for the client address (0: none). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Hosts the site may frame for the external sportsbook (comma separated). */
  SPORTSBOOK_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/i, 'must be host names separated by commas'))),
  /**
   * Where argon2id runs: `worker`, a pool of worker threads at normal priority (default), or
   * `inline` on libuv's pool. `process` is the old name of `worker`.
   */
  PASSWORD_HASHER: z
    .enum(['worker', 'inline', 'process'])
    .default('worker')
    .transform((value) => (value === 'process' ? 'worker' : value)),
  /** Password hashes running at once; default: the number of CPU cores. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * A hash that cannot start within this time is refused with 503 and Retry-After (login under
   * load); default 2000, 30000 when NODE_ENV is test (a loaded CI machine is no reason to refuse).
   */
  PASSWORD_HASH_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).optional(),
  /** argon2id memory in KiB; default 19456 (OWASP's floor), 1024 when NODE_ENV is test. */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1_024).max(1_048_576).optional(),
  /** argon2id passes; default 2, 1 when NODE_ENV is test. */
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(10).optional(),
  /** The whole request (headers and body) must arrive within this time, else 408 (slow or stalled clients). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** A connection with no traffic at all for this long is closed. */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  /** A session ends after this many minutes without activity (the balance poll does not count). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** An operator's console session ends after this many minutes without a call (docs/operators.md). */
  OPERATOR_IDLE_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
  /** Where one-time codes go: `log` writes them to the server log (development), `http` posts to an SMS gateway. */
  SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
  /** 1: allow SMS_PROVIDER=log when NODE_ENV is production (a trial install: codes end up in the log). */
  SMS_LOG_IN_PRODUCTION: z.enum(['0', '1']).default('0'),
  /** Required when SMS_PROVIDER is http. */
  SMS_HTTP_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s):// address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMS_HTTP_API_KEY: z.string().optional(),
  /** JSON body posted to the gateway; {mobile}, {code} and {message} are filled in. */
  SMS_HTTP_TEMPLATE: z.string().default('{"to":"{mobile}","message":"{message}"}'),
  /** 1: the notices of identity and withdrawal decisions also go by SMS to the player's mobile (docs/accounts.md "Notices"). */
  SMS_NOTICES: z.enum(['0', '1']).default('1'),
  /**
   * Where the lobby loads game art: `${CASINO_IMAGE_BASE}/{game_code}.avif`. The default is the
   * API's own art route (docs/casino.md); point it at an image host to use real artwork.
   */
  CASINO_IMAGE_BASE: z
    .string()
    .regex(/^(https:\/\/[^\s]+|\/[^\s]*)$/, 'must be an https:// address or a path starting with /')
    .default('/api/casino/art')
    .transform((base) => base.replace(/\/+$/, '')),
  /** Folder of real `.avif` game art that replaces the generated art, by game code (optional). */
  CASINO_ART_DIR: z
    .string()
    .min(1)
    .default('data/casino-art')
    .transform((dir) => path.resolve(REPO_ROOT, dir)),
  /** The Indian casino link shows when a provider's name contains this text (docs/product.md §2; case-insensitive). */
  INDIAN_CASINO_PROVIDER: z.string().trim().min(1).max(40).default('Originals'),
  /** The registered casino provider (code) that `gap/gaplogin` launches as the sportsbook; empty for none. */
  EXTERNAL_SPORTSBOOK_PROVIDER: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, 'must be a provider code (lower-case letters, digits, _ and -)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How long a game session from casino/launchGame lets a provider take bets (wins and rollbacks never expire). */
  CASINO_SESSION_MINUTES: z.coerce.number().int().min(5).max(1440).default(240),
  /**
   * Live tables (docs/casino.md, "Live tables"): how long each round takes bets, then how long its
   * result shows before the next round opens. The defaults make a round every 32 s.
   */
  LIVE_TABLE_BETTING_MS: z.coerce.number().int().min(500).max(120_000).default(20_000),
  LIVE_TABLE_RESULT_MS: z.coerce.number().int().min(200).max(60_000).default(12_000),
  /**
   * Round chains (docs/casino-fairness.md, "Round chains"): how long after its publication a new
   * chain of Crash or a live table may start, unless its command says otherwise (24 h: players
   * see its terminating hash and beacon round a day before it plays).
   */
  FAIR_CHAIN_NOTICE_MINUTES: z.coerce.number().int().min(0).max(43_200).default(1_440),
  /**
   * drand HTTP relays asked, in order, for the quicknet round that salts a chain; every answer is
   * checked against quicknet's public key, so any relay will do. Empty: none is asked, and an
   * operator supplies the round by hand (`fair chain beacon`). http:// only on this machine.
   */
  DRAND_RELAYS: z
    .string()
    .default('https://api.drand.sh,https://drand.cloudflare.com')
    .transform((value) =>
      value
        .split(',')
        .map((relay) => relay.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(https:\/\/[^\s/]+|http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?)(\/\S*)?$/,
            'each relay must be an https:// address (http:// only on this machine)',
          ),
      ),
    ),
  /** Support chat address given to the site at login (chat_url); empty for none. */
  SUPPORT_CHAT_URL: z
    .string()
    .regex(/^https:\/\/\S+$/, 'must be an https:// address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Where fixtures and prices come from: the built-in simulator, none (no sports data), Betfair
   * recordings played back (`betfair-file`, with FEED_FILES) or Betfair's live stream (`betfair`):
   * docs/feeds.md.
   */
  FEED: z.enum(['simulator', 'none', 'betfair-file', 'betfair']).default('simulator'),
  /**
   * FEED=betfair-file: Betfair historic data files (plain, .gz or .bz2), comma separated; a
   * relative path is looked for from the current folder, then the repository root.
   */
  FEED_FILES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((file) => file.trim())
        .filter(Boolean),
    ),
  /** FEED=betfair-file: recorded time runs this many times faster (1: as recorded). */
  FEED_SPEED: z.coerce.number().min(0.01).max(100_000).default(1),
  /** The simulator's seed: the same seed gives the same fixtures, prices and results. */
  SIM_SEED: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -')
    .default('demo'),
  /** Simulated time runs this many times faster (60: a T20 match in 3.5 minutes). */
  SIM_SPEED: z.coerce.number().min(1).max(3600).default(1),
  /** Betfair's application key: sent on the stream's authentication and to the identity service (docs/feeds-stream.md). */
  BETFAIR_APP_KEY: optionalText(200),
  /** A session token from a Betfair login, kept alive by the API; or the certificate login's four variables below. */
  BETFAIR_SESSION_TOKEN: optionalText(500),
  /** Non-interactive (certificate) login: the API logs in itself and logs in again when the session ends. */
  BETFAIR_USERNAME: optionalText(200),
  BETFAIR_PASSWORD: optionalText(500),
  /** The client certificate and its key (PEM) registered with the Betfair account for the certificate login. */
  BETFAIR_CERT_FILE: optionalFile,
  BETFAIR_KEY_FILE: optionalFile,
  /** The Exchange Stream endpoint: Betfair's production one unless a test or integration host is named. */
  BETFAIR_STREAM_HOST: z
    .string()
    .regex(/^[a-z0-9.-]{1,253}$/i, 'must be a host name or address')
    .default('stream-api.betfair.com'),
  BETFAIR_STREAM_PORT: z.coerce.number().int().min(1).max(65_535).default(443),
  /** Identity service (keep-alive) and its certificate-login host; another jurisdiction's (.es, .it, .com.au) or a test server's. */
  BETFAIR_IDENTITY_URL: httpsBase.default('https://identitysso.betfair.com/api/'),
  BETFAIR_IDENTITY_CERT_URL: httpsBase.default('https://identitysso-cert.betfair.com/api/'),
  /** A CA certificate (PEM) trusted for the stream and identity hosts besides the system's: for a private or test server. */
  BETFAIR_CA_FILE: optionalFile,
  /** The session is kept alive this often (Betfair's sessions end after hours without one; the Italian exchange's after 20 minutes). */
  BETFAIR_KEEP_ALIVE_MINUTES: z.coerce.number().int().min(1).max(720).default(60),
  /** The subscription's market filter: event type ids (1 soccer, 2 tennis, 4 cricket, 7 horse racing, 4339 greyhounds). */
  BETFAIR_EVENT_TYPES: commaList(/^\d{1,10}$/, 'must be Betfair event type ids (digits) separated by commas', '1,2,4,7,4339'),
  /** Market types (MATCH_ODDS, WIN, PLACE, …); empty: every type of those events. */
  BETFAIR_MARKET_TYPES: commaList(
    /^[A-Z0-9_]{1,40}$/,
    'must be Betfair market types (e.g. MATCH_ODDS,WIN,PLACE)',
    'MATCH_ODDS,WIN,PLACE',
  ),
  /** ISO 3166 country codes of the events (GB, IE, IN, …); empty: every country. */
  BETFAIR_COUNTRIES: commaList(/^[A-Z]{2}$/, 'must be two-letter country codes separated by commas', ''),
  /** Competition ids; empty: every competition. */
  BETFAIR_COMPETITIONS: commaList(/^\d{1,12}$/, 'must be Betfair competition ids (digits) separated by commas', ''),
  /** The market data asked for (each field is priced by Betfair; docs/feeds-stream.md). */
  BETFAIR_DATA_FIELDS: commaList(
    /^(EX_BEST_OFFERS_DISP|EX_BEST_OFFERS|EX_ALL_OFFERS|EX_TRADED|EX_TRADED_VOL|EX_LTP|EX_MARKET_DEF|SP_TRADED|SP_PROJECTED)$/,
    'must be Betfair market data fields (EX_BEST_OFFERS_DISP, EX_LTP, EX_MARKET_DEF, …)',
    'EX_BEST_OFFERS_DISP,EX_LTP,EX_TRADED_VOL,EX_MARKET_DEF',
  ),
  /** Levels of the best-offers ladders (1 to 10). */
  BETFAIR_LADDER_LEVELS: z.coerce.number().int().min(1).max(10).default(3),
  /** Betfair sends at most one change per market this often (0: every change as it happens; at most 120000). */
  BETFAIR_CONFLATE_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Betfair sends a heartbeat after this long without data (500 to 5000); a silence well past it is a dead link. */
  BETFAIR_HEARTBEAT_MS: z.coerce.number().int().min(500).max(5_000).default(5_000),
  /**
   * Live sockets (`/api/ws`) open at once from one client address, per instance; past it a new one
   * is closed with 4429. Generous: a carrier's NAT puts many players behind one address.
   */
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Live sockets signed in (`auth`) with one session at once, per instance; past it 4430. */
  LIVE_SOCKETS_PER_SESSION: z.coerce.number().int().min(1).max(1_000).default(5),
  /**
   * The payment gateway deposits and withdrawals go through while the `payment_gateway` setting is
   * 1, 2 or 3 (docs/payments.md): one of the adapters of modules/payments/gateway.
   */
  PAYMENT_PROVIDER: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/, 'must be a gateway code (lower-case letters, digits, _ and -)')
    .default('sandbox'),
  /** The sandbox's signing secret (at least 32 characters); unset: one is generated on first start and kept in the database. */
  PAYMENT_SANDBOX_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .max(200)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** on: the sandbox pays an approved payout a few seconds later; off: payouts wait for a callback. */
  PAYMENT_SANDBOX_PAYOUTS: z.enum(['on', 'off']).default('on'),
  /** 1: let the sandbox take payments when NODE_ENV is production (a trial install: its money is not real). */
  PAYMENT_SANDBOX_IN_PRODUCTION: z.enum(['0', '1']).default('0'),
  /** Identity documents sent before migration 0170, read from here (newer ones are in the database; never served). */
  KYC_DOCUMENT_DIR: z
    .string()
    .min(1)
    .default('data/kyc')
    .transform((dir) => path.resolve(REPO_ROOT, dir)),
});

export type AppConfig = z.output<typeof envSchema>;

export class ConfigError extends Error {}

/**
 * Reads every environment variable the API uses, once. A bad value stops start-up with a
 * message that names the variable.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = envSchema.safeParse(source);
  if (result.success) {
    const config = result.data;
    // Codes in the log are codes anyone with the logs can use: production must opt in to that.
    if (config.NODE_ENV === 'production' && config.SMS_PROVIDER === 'log' && config.SMS_LOG_IN_PRODUCTION !== '1') {
      throw new ConfigError(
        'Invalid environment configuration:\n  SMS_PROVIDER: is log (one-time codes written to the server log) while NODE_ENV is production;' +
          ' set SMS_PROVIDER=http with SMS_HTTP_URL, or SMS_LOG_IN_PRODUCTION=1 for a trial install',
      );
    }
    const certLogin = [
      ['BETFAIR_USERNAME', config.BETFAIR_USERNAME],
      ['BETFAIR_PASSWORD', config.BETFAIR_PASSWORD],
      ['BETFAIR_CERT_FILE', config.BETFAIR_CERT_FILE],
      ['BETFAIR_KEY_FILE', config.BETFAIR_KEY_FILE],
    ] as const;
    const missing = certLogin.filter(([, value]) => value === undefined).map(([name]) => name);
    // Half a certificate login would fail only when the session first needs renewing, hours later.
    if (missing.length > 0 && missing.length < certLogin.length) {
      throw new ConfigError(
        `Invalid environment configuration:\n  ${missing.join(', ')}: the Betfair certificate login needs all four of ${certLogin.map(([name]) => name).join(', ')}`,
      );
    }
    if (config.FEED === 'betfair-file') config.FEED_FILES = feedFiles(config.FEED_FILES, source.INIT_CWD);
    return config;
  }
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
}

/** FEED_FILES as absolute paths; a missing or unreadable one stops start-up, naming it. */
function feedFiles(files: string[], npmCwd: string | undefined): string[] {
  if (files.length === 0)
    throw new ConfigError('Invalid environment configuration:\n  FEED_FILES: FEED=betfair-file needs FEED_FILES=path[,path…]');
  const missing: string[] = [];
  const found = files.map((file) => {
    // npm runs scripts in the package's folder; INIT_CWD is where the command was typed.
    const candidates = path.isAbsolute(file)
      ? [file]
      : [process.cwd(), npmCwd, REPO_ROOT].flatMap((dir) => (dir ? [path.resolve(dir, file)] : []));
    const hit = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (!hit) missing.push(file);
    return hit ?? file;
  });
  if (missing.length)
    throw new ConfigError(`Invalid environment configuration:\n  FEED_FILES: no such file: ${missing.join(', ')}`);
  return found;
}

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** A relative SQLite path is relative to the repository root, wherever npm runs the script. */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(REPO_ROOT, file) };
  }
  return { kind: 'postgres', url };
}

/**
 * Loads `.env` from the repository root into the environment, if there is one. Variables already
 * set win. Only the server and the operator CLI call this; tests pass their values explicitly.
 */
export function loadDotEnvFile(): void {
  const file = path.join(REPO_ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
