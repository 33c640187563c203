import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';
import { createFeed } from '../src/modules/markets/markets.module';

const RECORDING = path.resolve(import.meta.dirname, 'fixtures/betfair/1.197931750');

describe('choosing a Betfair feed', () => {
  it('needs FEED_FILES with FEED=betfair-file, and names a file that is not there', () => {
    expect(() => loadConfig({ FEED: 'betfair-file' })).toThrow(/FEED_FILES: FEED=betfair-file needs FEED_FILES/);
    expect(() => loadConfig({ FEED: 'betfair-file', FEED_FILES: `${RECORDING},no/such/recording.gz` })).toThrow(
      /FEED_FILES: no such file: no\/such\/recording\.gz/,
    );
    const config = loadConfig({ FEED: 'betfair-file', FEED_FILES: ` ${RECORDING} `, FEED_SPEED: '10' });
    expect(config).toMatchObject({ FEED_FILES: [RECORDING], FEED_SPEED: 10 });
    // A path relative to the repository root is found from anywhere.
    expect(loadConfig({ FEED: 'betfair-file', FEED_FILES: 'apps/api/test/fixtures/betfair/1.197931750' }).FEED_FILES).toEqual([
      RECORDING,
    ]);
    expect(() => loadConfig({ FEED_SPEED: '0' })).toThrow(/FEED_SPEED/);
  });

  it('refuses to start with FEED=betfair without credentials, naming what is missing', () => {
    const config = loadConfig({ FEED: 'betfair' });
    expect(() => createFeed(config)).toThrow(ConfigError);
    expect(() => createFeed(config)).toThrow(/BETFAIR_APP_KEY/);
  });
});
