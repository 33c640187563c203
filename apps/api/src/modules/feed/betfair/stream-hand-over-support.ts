import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { MarketCache, MarketImage } from './market-cache';
import type { changeListeners, StreamOrigin } from './stream-keeper';
import type { MarketChangeMessage, MarketChangeSource } from './stream-messages';

export interface StreamHandOverDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  logger: FastifyBaseLogger;
  origin: StreamOrigin;
  cache: MarketCache;
  /** Tests shorten the turns. */
  timing?: { leaseMs: number; turnMs: number };
}

/** What the holder sends on the bus for each message (docs/feeds.md, "Several instances"). */
export interface StreamEnvelope {
  /** The holder's epoch and the message's position in it. */
  e: number;
  n: number;
  /** The message as the holder received it (the recording's line, the stream's line). */
  t: string;
}

/**
 * What the parts of one instance's stream hand-over share (the holding and the following,
 * composed by stream-hand-over.ts): its deps, and where its cache stands.
 */
export interface HandOverState extends Pick<StreamHandOverDeps, 'db' | 'clock' | 'bus' | 'origin' | 'cache'> {
  readonly log: FastifyBaseLogger;
  /** This instance as a holder of the lease. */
  readonly holderId: string;
  readonly listeners: ReturnType<typeof changeListeners>;
  /** The epoch the cache is of, and the position in it the cache has applied. */
  epoch: number;
  applied: number;
  shift: (recordedAt: number) => number;
  shiftAnchor: number | null;
  isReady: boolean;
  isStopped: boolean;
  // Holding
  source: MarketChangeSource | undefined;
  // Following
  buffered: { e: number; n: number; m: MarketChangeMessage }[];
  isBehind: boolean;
}

/** Puts stored market images into the cache; their ids. */
export function restoreMarkets(cache: MarketCache, rows: { market_id: string; image: string }[]): string[] {
  const ids: string[] = [];
  for (const row of rows) {
    cache.restore(JSON.parse(row.image) as MarketImage);
    ids.push(row.market_id);
  }
  return ids;
}

/** The site's times for the stream's anchor (a recording's first message), once per anchor. */
export async function adoptAnchor(state: HandOverState, anchorAt: number | null): Promise<void> {
  if (anchorAt === null || anchorAt === state.shiftAnchor) return;
  state.shift = await state.origin.timeShift(anchorAt);
  state.shiftAnchor = anchorAt;
}
