/**
 * The live stream's client as the tests set it up against the local servers (test-only): short
 * heartbeats and waits, the local CA, and a feed that carries nothing but the stream's health.
 */
import type { BetfairStreamConfig, BetfairStreamSource, OddsFeed } from '../../src/modules/feed';

export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Nowhere: a test that never needs the identity service points it here. */
const NO_IDENTITY = 'https://127.0.0.1:1/api/';

/**
 * Heartbeats every 500 ms; a silence of 2 s is a dead link (a test that makes one shortens it);
 * reconnect waits of 20 to 200 ms; a session kept alive hourly (never, in a test's time).
 */
export function testStreamConfig(
  port: number,
  ca: string,
  overrides: Partial<BetfairStreamConfig> & Pick<BetfairStreamConfig, 'appKey'>,
): BetfairStreamConfig {
  return {
    host: '127.0.0.1',
    port,
    ca,
    identityUrl: NO_IDENTITY,
    identityCertUrl: NO_IDENTITY,
    keepAliveMs: 3_600_000,
    marketFilter: { eventTypeIds: ['4339'] },
    marketDataFilter: { fields: ['EX_BEST_OFFERS_DISP', 'EX_MARKET_DEF'], ladderLevels: 3 },
    conflateMs: 0,
    heartbeatMs: 500,
    watchdogMarginMs: 1_500,
    reconnectBaseMs: 20,
    reconnectMaxMs: 200,
    ...overrides,
  };
}

/** A feed whose only part is a live stream's health: the stream is what such a test is about, not its markets. */
export function feedWithStream(source: BetfairStreamSource): OddsFeed {
  return {
    name: 'betfair',
    fixtures: () => [],
    state: () => {
      throw new Error('this feed has no fixtures');
    },
    streamHealth: () => source.health(),
  };
}
