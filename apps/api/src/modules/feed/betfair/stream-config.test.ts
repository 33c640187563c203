import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/env';
import { betfairStreamConfig } from './stream-config';

describe('betfairStreamConfig', () => {
  it('stops start-up naming the app key and the session when neither is given', () => {
    expect(() => betfairStreamConfig(loadConfig({}))).toThrow(ConfigError);
    expect(() => betfairStreamConfig(loadConfig({}))).toThrow(/BETFAIR_APP_KEY:[\s\S]*BETFAIR_SESSION_TOKEN:/);
    expect(() => betfairStreamConfig(loadConfig({ BETFAIR_APP_KEY: 'key' }))).toThrow(/certificate login/);
  });

  it('builds the subscription from the filters, leaving out the empty ones', () => {
    const config = betfairStreamConfig(
      loadConfig({
        BETFAIR_APP_KEY: 'key',
        BETFAIR_SESSION_TOKEN: 'token',
        BETFAIR_EVENT_TYPES: '4',
        BETFAIR_COMPETITIONS: '101,102',
      }),
    );
    expect(config).toMatchObject({
      appKey: 'key',
      sessionToken: 'token',
      host: 'stream-api.betfair.com',
      port: 443,
      keepAliveMs: 3_600_000,
      marketFilter: { eventTypeIds: ['4'], marketTypes: ['MATCH_ODDS', 'WIN', 'PLACE'], competitionIds: ['101', '102'] },
      marketDataFilter: { fields: ['EX_BEST_OFFERS_DISP', 'EX_LTP', 'EX_TRADED_VOL', 'EX_MARKET_DEF'], ladderLevels: 3 },
      conflateMs: 0,
      heartbeatMs: 5_000,
    });
    expect(config.marketFilter).not.toHaveProperty('countryCodes');
    expect(config.certLogin).toBeUndefined();
  });
});
