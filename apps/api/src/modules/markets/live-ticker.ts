import { randomUUID } from 'node:crypto';
import type { MarketsSnapshot } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { busTopics, type EventBus } from '../../lib/event-bus';
import { deltaBetween, fullDelta } from './live-delta';
import { FEED_TICK_MS, type MarketsService, SNAPSHOT_LAG_MS } from './markets.service';

/** Instances say they are alive this often; one not heard for PEER_TTL_MS is gone. */
const ANNOUNCE_MS = 1_000;
const PEER_TTL_MS = 3_500;
/** A match stays priced this long after the last instance said a socket follows it. */
const INTEREST_TTL_MS = 3_500;
/**
 * A seq names a moment of prices, not of the operator's state: an instance that has not yet read
 * a suspension or a result (its caches lag by up to SNAPSHOT_LAG_MS) answers a snapshot at the
 * same or a later seq than the delta that carried the change, and no diff after it would correct
 * a page that took that snapshot. So for that long after a status changes, or a line comes or
 * goes, the match is published whole at every moment (a full delta replaces a snapshot of the
 * same seq or older).
 */
const WHOLE_AFTER_CHANGE_MS = SNAPSHOT_LAG_MS + FEED_TICK_MS;

/** What the instances' caches decide in a snapshot: each market's and line's status, and which lines there are. */
function cachedState(snapshot: MarketsSnapshot): string {
  return JSON.stringify([
    snapshot.markets.map((market) => [market.market_id, market.status, market.closed_by ?? null]),
    snapshot.fancy.map((line) => [line.fancy_id, line.status, line.closed_by ?? null]),
  ]);
}

export interface LiveTicker {
  /** This instance's sockets follow these matches now (called by the socket hub). */
  noteInterest(matchIds: number[]): void;
  start(): void;
  stop(): void;
  isPublisher(): boolean;
}

/**
 * Turns the feed's moments into live deltas. Every instance can compute them (prices are a pure
 * function of time), but only one publishes, so clients get each change once: the instance with
 * the lowest id among those heard on the bus in the last few seconds. If it dies, the next one
 * takes over within PEER_TTL_MS and publishes each followed match whole first (a full delta).
 */
export function createLiveTicker(
  bus: EventBus,
  markets: MarketsService,
  log: FastifyBaseLogger,
  now = () => Date.now(),
  /** A push feed's change signal: a change goes out at once, not at the next 250 ms moment. */
  onFeedChange?: (listener: () => void) => () => void,
): LiveTicker {
  const id = randomUUID();
  const peers = new Map<string, number>();
  const interest = new Map<number, number>();
  const last = new Map<number, { snapshot: MarketsSnapshot; state: string; publishedSeq: number; wholeUntil: number }>();
  const stops: (() => void)[] = [];
  let localIds: number[] = [];
  let running = false;

  const isPublisher = () => {
    const at = now();
    for (const [peer, seen] of peers) {
      if (at - seen > PEER_TTL_MS) peers.delete(peer);
      else if (peer < id) return false;
    }
    return true;
  };

  let isTickAgain = false;
  let isTickQueued = false;
  const tick = async () => {
    if (running) {
      // A change arrived while this tick was reading: look once more when it is done.
      isTickAgain = true;
      return;
    }
    running = true;
    try {
      const at = now();
      if (!isPublisher()) {
        last.clear();
        return;
      }
      for (const [matchId, expiresAt] of interest) {
        if (expiresAt < at) {
          interest.delete(matchId);
          last.delete(matchId);
          continue;
        }
        let snapshot: MarketsSnapshot;
        try {
          snapshot = await markets.getMarkets(matchId);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          interest.delete(matchId);
          continue;
        }
        const previous = last.get(matchId);
        if (!previous) {
          // The first look is published whole: a client's snapshot may predate a change (an
          // operator's suspension) made before this look, and no later diff would carry it.
          bus.publish(busTopics.match(matchId), fullDelta(snapshot));
          last.set(matchId, { snapshot, state: cachedState(snapshot), publishedSeq: snapshot.seq, wholeUntil: 0 });
          continue;
        }
        if (snapshot.seq <= previous.snapshot.seq) continue;
        const state = cachedState(snapshot);
        const wholeUntil = state === previous.state ? previous.wholeUntil : at + WHOLE_AFTER_CHANGE_MS;
        const delta = at < wholeUntil ? fullDelta(snapshot) : deltaBetween(previous.snapshot, snapshot, previous.publishedSeq);
        if (delta) {
          bus.publish(busTopics.match(matchId), delta);
          last.set(matchId, { snapshot, state, publishedSeq: snapshot.seq, wholeUntil });
        } else {
          last.set(matchId, { snapshot, state, publishedSeq: previous.publishedSeq, wholeUntil });
        }
      }
    } catch (error) {
      log.error({ err: error }, 'live ticker failed');
    } finally {
      running = false;
      if (isTickAgain) {
        isTickAgain = false;
        queueTick();
      }
    }
  };
  /** One tick for any number of changes in one turn of the event loop. */
  const queueTick = () => {
    if (isTickQueued) return;
    isTickQueued = true;
    setImmediate(() => {
      isTickQueued = false;
      void tick();
    });
  };

  const announce = () => {
    bus.publish(busTopics.sportsTicker, { id });
    if (localIds.length) bus.publish(busTopics.sportsInterest, { match_ids: localIds });
  };

  return {
    noteInterest(matchIds) {
      const added = matchIds.some((matchId) => !localIds.includes(matchId));
      localIds = matchIds;
      if (added) bus.publish(busTopics.sportsInterest, { match_ids: matchIds });
    },
    isPublisher,
    start() {
      stops.push(
        bus.subscribe(busTopics.sportsTicker, (payload) => {
          const peer = (payload as { id?: unknown }).id;
          if (typeof peer === 'string' && peer !== id) peers.set(peer, now());
        }),
        bus.subscribe(busTopics.sportsInterest, (payload) => {
          const ids = (payload as { match_ids?: unknown }).match_ids;
          if (!Array.isArray(ids)) return;
          for (const matchId of ids) if (Number.isSafeInteger(matchId)) interest.set(matchId as number, now() + INTEREST_TTL_MS);
        }),
      );
      if (onFeedChange) stops.push(onFeedChange(queueTick));
      const ticker = setInterval(() => void tick(), FEED_TICK_MS);
      const announcer = setInterval(announce, ANNOUNCE_MS);
      ticker.unref();
      announcer.unref();
      stops.push(
        () => clearInterval(ticker),
        () => clearInterval(announcer),
      );
      announce();
    },
    stop() {
      for (const stop of stops.splice(0)) stop();
    },
  };
}
