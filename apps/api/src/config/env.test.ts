import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl } from './env';

describe('loadConfig', () => {
  it('has working defaults: port 3000 and SQLite under ./data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toMatch(/^sqlite:.*data\/app\.db$/);
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.LOG_LEVEL).toBe('info');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'localhost:6379'],
    ['LOG_LEVEL', 'loud'],
    ['METRICS_PORT', 'nine'],
    ['REDIS_PREFIX', 'has space'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('reads a postgres address and an empty REDIS_URL as none', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', REDIS_URL: '' });
    expect(parseDatabaseUrl(config.DATABASE_URL)).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('keeps metrics off unless METRICS_PORT names a port (an empty value is off, not port 0)', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
  });

  it('resolves relative paths against the repository root, wherever npm runs the script', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const config = loadConfig({ DATABASE_URL: 'sqlite:./data/app.db', UPLOAD_DIR: 'data/up' });
    expect(parseDatabaseUrl(config.DATABASE_URL)).toEqual({ kind: 'sqlite', file: path.join(root, 'data/app.db') });
    expect(config.UPLOAD_DIR).toBe(path.join(root, 'data/up'));
  });

  it('refuses SMS_PROVIDER=log in production (codes in the log) unless SMS_LOG_IN_PRODUCTION=1', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'log' })).toThrow(/SMS_PROVIDER:.*SMS_LOG_IN_PRODUCTION=1/);
    expect(loadConfig({ NODE_ENV: 'production', SMS_LOG_IN_PRODUCTION: '1' }).SMS_PROVIDER).toBe('log');
    expect(
      loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send' }).SMS_PROVIDER,
    ).toBe('http');
    // `npm start` and `npm run dev` leave NODE_ENV unset: development, where the log is the point.
    expect(loadConfig({}).SMS_PROVIDER).toBe('log');
    expect(() => loadConfig({ SMS_LOG_IN_PRODUCTION: 'yes' })).toThrow(/SMS_LOG_IN_PRODUCTION:/);
  });

  it('splits the sportsbook host allowlist', () => {
    expect(loadConfig({ SPORTSBOOK_ALLOWED_HOSTS: 'a.example.com, b.example.com' }).SPORTSBOOK_ALLOWED_HOSTS).toEqual([
      'a.example.com',
      'b.example.com',
    ]);
  });

  it('reads the Betfair stream variables: the production endpoints and the five mapped sports by default, lists split', () => {
    expect(loadConfig({})).toMatchObject({
      BETFAIR_STREAM_HOST: 'stream-api.betfair.com',
      BETFAIR_STREAM_PORT: 443,
      BETFAIR_IDENTITY_URL: 'https://identitysso.betfair.com/api/',
      BETFAIR_IDENTITY_CERT_URL: 'https://identitysso-cert.betfair.com/api/',
      BETFAIR_EVENT_TYPES: ['1', '2', '4', '7', '4339'],
      BETFAIR_MARKET_TYPES: ['MATCH_ODDS', 'WIN', 'PLACE'],
      BETFAIR_COUNTRIES: [],
      BETFAIR_HEARTBEAT_MS: 5000,
      BETFAIR_CONFLATE_MS: 0,
    });
    const config = loadConfig({ BETFAIR_COUNTRIES: 'GB, IE', BETFAIR_IDENTITY_URL: 'https://identitysso.betfair.it/api' });
    expect(config.BETFAIR_COUNTRIES).toEqual(['GB', 'IE']);
    // The calls' names follow the base address.
    expect(config.BETFAIR_IDENTITY_URL).toBe('https://identitysso.betfair.it/api/');
  });

  it.each([
    ['BETFAIR_STREAM_PORT', '0'],
    ['BETFAIR_HEARTBEAT_MS', '100'],
    ['BETFAIR_CONFLATE_MS', '-1'],
    ['BETFAIR_LADDER_LEVELS', '11'],
    ['BETFAIR_EVENT_TYPES', '4,cricket'],
    ['BETFAIR_COUNTRIES', 'GBR'],
    ['BETFAIR_DATA_FIELDS', 'EX_EVERYTHING'],
    ['BETFAIR_IDENTITY_URL', 'http://identitysso.betfair.com/api/'],
    ['BETFAIR_CA_FILE', 'no/such/file.pem'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('refuses half a Betfair certificate login, naming what is missing', () => {
    const here = import.meta.filename;
    expect(() => loadConfig({ BETFAIR_USERNAME: 'bot', BETFAIR_CERT_FILE: here })).toThrow(
      /BETFAIR_PASSWORD, BETFAIR_KEY_FILE: the Betfair certificate login needs all four/,
    );
    expect(
      loadConfig({ BETFAIR_USERNAME: 'bot', BETFAIR_PASSWORD: 'pw', BETFAIR_CERT_FILE: here, BETFAIR_KEY_FILE: here })
        .BETFAIR_KEY_FILE,
    ).toBe(here);
  });
});
