import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/event-bus';
import { sweepEvery } from '../../lib/sweep';
import { createSimulatedFeed, type OddsFeed } from '../feed';
import { createFeedSync, type FeedSync } from './feed-sync';
import { createLiveTicker, type LiveTicker } from './live-ticker';
import { createSportsFirstState } from './markets-first-state';
import { registerMarketsRoutes } from './markets.routes';
import { createMarketsService, type MarketsService } from './markets.service';

/** New fixtures are looked for this often; results far more often (they settle bets). */
const FIXTURE_SYNC_MS = 30_000;
const RESULTS_SYNC_MS = 2_000;

export interface MarketsModule {
  feed: OddsFeed;
  sync: FeedSync;
  markets: MarketsService;
  /** Live price deltas to the live socket (docs/sports.md, "Live"). */
  ticker: LiveTicker;
  /** A sports page's first data, for the site's painted page (markets-first-state.ts). */
  firstState: ReturnType<typeof createSportsFirstState>;
  registerRoutes(app: FastifyInstance): void;
}

export interface MarketsModuleDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  bus: EventBus;
  logger: FastifyBaseLogger;
  /** A feed to use instead of the one FEED names (tests: one whose live stream runs against a local server). */
  feed?: OddsFeed;
}

/** A feed with nothing in it (FEED=none): the sports pages show no matches. */
const emptyFeed: OddsFeed = {
  name: 'none',
  fixtures: () => [],
  state: () => {
    throw new Error('FEED=none has no fixtures');
  },
};

export function createFeed(config: Pick<AppConfig, 'FEED' | 'SIM_SEED' | 'SIM_SPEED'>): OddsFeed {
  return config.FEED === 'simulator' ? createSimulatedFeed({ seed: config.SIM_SEED, speed: config.SIM_SPEED }) : emptyFeed;
}

export function createMarketsModule({ db, clock, config, bus, logger, ...given }: MarketsModuleDeps): MarketsModule {
  const feed = given.feed ?? createFeed(config);
  const sync = createFeedSync(db, clock, feed);
  const markets = createMarketsService(db, clock, feed);
  const ticker = createLiveTicker(bus, markets, logger);
  return {
    feed,
    sync,
    markets,
    ticker,
    firstState: createSportsFirstState(markets),
    registerRoutes(app) {
      registerMarketsRoutes(app, markets);
      app.addHook('onReady', async () => ticker.start());
      app.addHook('onClose', async () => ticker.stop());
      // The first fixtures are in before the first request is answered.
      app.addHook('onReady', async () => {
        await sync.syncFixtures();
        await sync.recordResults();
      });
      sweepEvery(app, 'fixture sync', FIXTURE_SYNC_MS, () => sync.syncFixtures());
      sweepEvery(app, 'results sync', RESULTS_SYNC_MS, () => sync.recordResults());
    },
  };
}
