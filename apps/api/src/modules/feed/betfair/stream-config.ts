import { readFileSync } from 'node:fs';
import { type AppConfig, ConfigError } from '../../../config/env';
import type { MarketDataField, MarketDataFilter, MarketFilter } from './stream-messages';

/** Betfair's certificate (non-interactive) login: the files are read at each login, so they can be replaced while running. */
export interface BetfairCertLogin {
  username: string;
  password: string;
  certFile: string;
  keyFile: string;
}

/** Everything the live stream and its session need (docs/feeds-stream.md). */
export interface BetfairStreamConfig {
  appKey: string;
  /** A token to start with and keep alive; with `certLogin` too, the login replaces it once it ends. */
  sessionToken?: string;
  certLogin?: BetfairCertLogin;
  host: string;
  port: number;
  /** Base addresses ending in `/`: `keepAlive` and `certlogin` follow them. */
  identityUrl: string;
  identityCertUrl: string;
  /** A CA certificate (PEM) trusted besides the system's, for the stream and identity hosts. */
  ca?: string;
  keepAliveMs: number;
  marketFilter: MarketFilter;
  marketDataFilter: MarketDataFilter;
  conflateMs: number;
  heartbeatMs: number;
  /** A silence longer than heartbeatMs plus this is a dead link (default: the heartbeat again, at least 5 s). */
  watchdogMarginMs?: number;
  /** Reconnect waits double from this up to the maximum (defaults 1 s and 60 s). */
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
  /** The least wait after a limit of the account (connections, attempts): default 30 s. */
  slowRetryMs?: number;
  /** An identity call that has not answered in this time has failed (default 10 s). */
  identityTimeoutMs?: number;
}

/**
 * The live stream's configuration from the environment (config/env.ts). Fails like a bad
 * variable does, naming what is missing, so `FEED=betfair` without credentials stops start-up.
 */
/** The `BETFAIR_*` variables: all the live stream reads. */
export type BetfairEnv = Pick<AppConfig, Extract<keyof AppConfig, `BETFAIR_${string}`>>;

export function betfairStreamConfig(config: BetfairEnv): BetfairStreamConfig {
  const problems: string[] = [];
  if (!config.BETFAIR_APP_KEY) problems.push('BETFAIR_APP_KEY: is needed for the Betfair stream');
  const certLogin =
    config.BETFAIR_USERNAME && config.BETFAIR_PASSWORD && config.BETFAIR_CERT_FILE && config.BETFAIR_KEY_FILE
      ? {
          username: config.BETFAIR_USERNAME,
          password: config.BETFAIR_PASSWORD,
          certFile: config.BETFAIR_CERT_FILE,
          keyFile: config.BETFAIR_KEY_FILE,
        }
      : undefined;
  if (!config.BETFAIR_SESSION_TOKEN && !certLogin) {
    problems.push(
      'BETFAIR_SESSION_TOKEN: is needed for the Betfair stream, or the certificate login (BETFAIR_USERNAME, BETFAIR_PASSWORD, BETFAIR_CERT_FILE, BETFAIR_KEY_FILE)',
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid environment configuration:\n  ${problems.join('\n  ')}`);
  const marketFilter: MarketFilter = {};
  if (config.BETFAIR_EVENT_TYPES.length > 0) marketFilter.eventTypeIds = config.BETFAIR_EVENT_TYPES;
  if (config.BETFAIR_MARKET_TYPES.length > 0) marketFilter.marketTypes = config.BETFAIR_MARKET_TYPES;
  if (config.BETFAIR_COUNTRIES.length > 0) marketFilter.countryCodes = config.BETFAIR_COUNTRIES;
  if (config.BETFAIR_COMPETITIONS.length > 0) marketFilter.competitionIds = config.BETFAIR_COMPETITIONS;
  return {
    appKey: config.BETFAIR_APP_KEY!,
    ...(config.BETFAIR_SESSION_TOKEN ? { sessionToken: config.BETFAIR_SESSION_TOKEN } : {}),
    ...(certLogin ? { certLogin } : {}),
    host: config.BETFAIR_STREAM_HOST,
    port: config.BETFAIR_STREAM_PORT,
    identityUrl: config.BETFAIR_IDENTITY_URL,
    identityCertUrl: config.BETFAIR_IDENTITY_CERT_URL,
    ...(config.BETFAIR_CA_FILE ? { ca: readFileSync(config.BETFAIR_CA_FILE, 'utf8') } : {}),
    keepAliveMs: config.BETFAIR_KEEP_ALIVE_MINUTES * 60_000,
    marketFilter,
    marketDataFilter: {
      fields: config.BETFAIR_DATA_FIELDS as MarketDataField[],
      ladderLevels: config.BETFAIR_LADDER_LEVELS,
    },
    conflateMs: config.BETFAIR_CONFLATE_MS,
    heartbeatMs: config.BETFAIR_HEARTBEAT_MS,
  };
}
