import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config/env';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { OddsFeed } from '../odds-feed';
import { createBetfairFeed } from './betfair-feed';
import { createFileReplay } from './file-replay';
import { replayShift } from './replay-timeline';
import { createMarketCache } from './market-cache';
import { loadCatalogueFolders, noCatalogues } from './market-catalogues';
import { createStreamHandOver } from './stream-hand-over';
import { noTimeShift, type StreamOrigin } from './stream-keeper';
import { type BetfairStreamSource, createBetfairStreamSource } from './stream-client';
import type { BetfairStreamConfig } from './stream-config';

export interface BetfairFeedDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  logger: FastifyBaseLogger;
}

/**
 * Recordings and speed name a replay: the same files at the same speed on a restart or a
 * hand-over resume it (docs/feeds.md "Replaying recorded markets"); other files or another speed
 * start another.
 */
export function replayKeyOf(files: readonly string[], speed: number): string {
  const hash = createHash('sha256');
  for (const file of files) {
    const stat = statSync(file);
    hash.update(`${path.basename(file)}\0${stat.size}\0`);
  }
  hash.update(String(speed));
  return `file:${hash.digest('hex').slice(0, 24)}`;
}

/** A feed from a MarketChangeSource: the one step from a source to the site (docs/feeds.md). */
export function createBetfairSourceFeed(
  name: string,
  origin: StreamOrigin,
  catalogues: ReturnType<typeof loadCatalogueFolders>,
  deps: BetfairFeedDeps,
): OddsFeed {
  const keeper = createStreamHandOver({ ...deps, origin, cache: createMarketCache() });
  return createBetfairFeed({ keeper, catalogues, name });
}

/** FEED=betfair-file: recordings played back on the clock (docs/feeds.md "Replaying recorded markets"). */
export function createBetfairFileFeed(config: Pick<AppConfig, 'FEED_FILES' | 'FEED_SPEED'>, deps: BetfairFeedDeps): OddsFeed {
  const files = config.FEED_FILES;
  const speed = config.FEED_SPEED;
  const log = deps.logger.child({ feed: 'betfair-file' });
  const origin: StreamOrigin = {
    key: replayKeyOf(files, speed),
    resumesBy: 'pt',
    timeShift: (anchorAt) => replayShift(files, speed, anchorAt),
    open: (anchorAt) =>
      createFileReplay({
        files,
        speed,
        clock: deps.clock,
        anchorAt,
        onBadLine: (file, line, problem) => log.warn({ file, line, problem }, 'recording line skipped'),
        onError: (error) => log.error({ err: error }, 'recording could not be read'),
        onEnd: () => log.info({ files }, 'recordings played to the end'),
      }),
  };
  const catalogues = loadCatalogueFolders(files, (file, problem) => log.warn({ file, problem }, 'market catalogue skipped'));
  return createBetfairSourceFeed('betfair-file', origin, catalogues, deps);
}

/**
 * FEED=betfair: the live Exchange Stream (docs/feeds-stream.md). The instance holding the stream
 * opens the TLS client and resumes it from the stored `clk` (docs/feeds.md "Several instances");
 * its health is the stream's on that instance, and none elsewhere. Names come from market
 * catalogue files in `BETFAIR_CATALOGUE_DIR`'s `catalogues` folder when given, else the runners'
 * fallbacks (docs/feeds.md "Names").
 */
export function createBetfairLiveFeed(streamConfig: BetfairStreamConfig, deps: BetfairFeedDeps): OddsFeed {
  let holding: BetfairStreamSource | undefined;
  const origin: StreamOrigin = {
    key: 'live',
    resumesBy: 'clk',
    timeShift: () => Promise.resolve(noTimeShift),
    open: () => {
      const source = createBetfairStreamSource(streamConfig, { logger: deps.logger, clock: deps.clock });
      holding = source;
      return {
        start: (sink, resumeFrom) => source.start(sink, resumeFrom),
        stop: async () => {
          if (holding === source) holding = undefined;
          await source.stop();
        },
      };
    },
  };
  const feed = createBetfairSourceFeed('betfair', origin, noCatalogues, deps);
  return {
    ...feed,
    streamHealth: () => holding?.health(),
    health() {
      const health = holding?.health();
      return { isConnected: health?.isConnected ?? false, lastMessageAt: health?.lastMessageAt ?? null };
    },
  };
}
