import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, ConfigError } from '../../../config/env';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { OddsFeed } from '../odds-feed';
import { createBetfairFeed } from './betfair-feed';
import { createFileReplay } from './file-replay';
import { replayShift } from './replay-timeline';
import { createMarketCache } from './market-cache';
import { loadCatalogueFolders } from './market-catalogues';
import { createStreamHandOver } from './stream-hand-over';
import type { StreamOrigin } from './stream-keeper';

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
 * FEED=betfair: the live Exchange Stream. TRANSPORT PENDING: the TLS stream client (login,
 * subscriptions, heartbeats, reconnection) plugs in here as a MarketChangeSource, one line:
 * `open: () => createStreamClient(config, deps)`. Until it does, the app refuses to start with
 * FEED=betfair rather than run with no prices.
 */
export function createBetfairLiveFeed(): OddsFeed {
  throw new ConfigError(
    'Invalid environment configuration:\n  FEED: betfair (the live Exchange Stream) is not available in this build yet;' +
      ' use FEED=betfair-file with FEED_FILES to play Betfair recordings, or FEED=simulator (docs/feeds.md)',
  );
}
