import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/event-bus';
import { sweepEvery } from '../../lib/sweep';
import {
  type BetfairFeedDeps,
  betfairStreamConfig,
  createBetfairFileFeed,
  createBetfairLiveFeed,
  createSimulatedFeed,
  type OddsFeed,
} from '../feed';
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

/** The feed FEED names; Betfair's need the database, the bus and a logger (docs/feeds.md). */
export function createFeed(
  config: AppConfig | (Pick<AppConfig, 'SIM_SEED' | 'SIM_SPEED'> & { FEED: 'simulator' }),
  deps?: BetfairFeedDeps,
): OddsFeed {
  switch (config.FEED) {
    case 'simulator':
      return createSimulatedFeed({ seed: config.SIM_SEED, speed: config.SIM_SPEED });
    case 'betfair-file':
      if (!deps) throw new Error('FEED=betfair-file needs the database, the bus and a logger');
      return createBetfairFileFeed(config, deps);
    case 'betfair': {
      const stream = betfairStreamConfig(config); // missing credentials stop start-up first, named
      if (!deps) throw new Error('FEED=betfair needs the database, the bus and a logger');
      return createBetfairLiveFeed(stream, deps);
    }
    default:
      return emptyFeed;
  }
}

/** A push feed's new markets are taken in this soon (not at the next 30 s fixture sync). */
const NEW_FIXTURES_SYNC_MS = 100;

export function createMarketsModule({ db, clock, config, bus, logger, ...given }: MarketsModuleDeps): MarketsModule {
  const feed = given.feed ?? createFeed(config, { db, clock, bus, logger });
  const sync = createFeedSync(db, clock, feed);
  const markets = createMarketsService(db, clock, feed);
  const push = feed.push;
  const ticker = createLiveTicker(bus, markets, logger, () => Date.now(), push && ((listener) => push.onChange(listener)));
  return {
    feed,
    sync,
    markets,
    ticker,
    firstState: createSportsFirstState(markets),
    registerRoutes(app) {
      registerMarketsRoutes(app, markets);
      if (push) {
        // New markets from a push feed are in the lists at once; a sync already waiting covers them.
        let pending: NodeJS.Timeout | undefined;
        const stopWatching = push.onChange(({ newMarkets }) => {
          if (!newMarkets || pending) return;
          pending = setTimeout(() => {
            pending = undefined;
            sync.syncFixtures().catch((error: unknown) => logger.error({ err: error }, 'fixture sync failed'));
          }, NEW_FIXTURES_SYNC_MS);
        });
        app.addHook('onReady', async () => push.start());
        app.addHook('onClose', async () => {
          stopWatching();
          if (pending) clearTimeout(pending);
          await push.stop();
        });
      }
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
