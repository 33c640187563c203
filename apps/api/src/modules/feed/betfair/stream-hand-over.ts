import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { busTopics, type EventBus } from '../../../lib/event-bus';
import type { MarketCache, MarketImage } from './market-cache';
import { changeListeners, noTimeShift, type StreamKeeper, type StreamOrigin } from './stream-keeper';
import type { MarketChangeMessage, MarketChangeSource, StreamResumePoint } from './stream-messages';
import {
  findStream,
  fixAnchor,
  LeaseLost,
  listStreamMarkets,
  releaseStream,
  type StreamRow,
  storeStreamState,
  takeStream,
} from './stream-state.repository';

/** A holder that stops renewing (killed) is replaced after this; well inside the 10 s docs/feeds.md promises. */
export const STREAM_LEASE_MS = 6_000;
/** The holder stores its state and renews its lease this often; the others look for a free stream as often. */
export const STREAM_TURN_MS = 1_000;
/** Epochs apart in `seq`: every position of a later holder is above every one of an earlier. */
const EPOCH_SPAN = 2 ** 32;
/** Messages kept while a follower reloads (beyond: it reloads again from the stored state). */
const MAX_BUFFERED = 20_000;

interface StreamEnvelope {
  /** The holder's epoch and the message's position in it. */
  e: number;
  n: number;
  /** The message as the holder received it (the recording's line, the stream's line). */
  t: string;
}

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

/**
 * Exactly one instance holds the stream (a lease row in the database, docs/feeds.md "Several
 * instances"): it plays the recording or holds the live connection, applies every message to
 * its cache, sends each message on the bus and stores every changed market's state with the
 * stream's resume point each second, in one transaction guarded by its epoch. The others apply
 * the holder's messages in order; one that misses any (or starts, or sees a new epoch) loads the
 * stored state and goes on from there. When the holder dies its lease runs out and another
 * instance takes the stream over: it loads the stored state and resumes the stream where that
 * state ends (a recording after its last `pt`, the live stream from its `clk`), so nothing is
 * lost and nothing applied twice.
 */
export function createStreamHandOver(deps: StreamHandOverDeps): StreamKeeper {
  const { db, clock, bus, origin, cache } = deps;
  const log = deps.logger.child({ stream: origin.key });
  const leaseMs = deps.timing?.leaseMs ?? STREAM_LEASE_MS;
  const turnMs = deps.timing?.turnMs ?? STREAM_TURN_MS;
  const id = randomUUID();
  const listeners = changeListeners((error) => log.error({ err: error }, 'stream listener failed'));

  let epoch = 0;
  let applied = 0;
  let shift = noTimeShift;
  let shiftAnchor: number | null = null;
  let isReady = false;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | undefined;

  // Holding
  let source: MarketChangeSource | undefined;
  let dirty = new Set<string>();
  let resume: { pt: number; initialClk?: string; clk?: string } | undefined;

  // Following
  let buffered: { e: number; n: number; m: MarketChangeMessage }[] = [];
  let isBehind = true;

  const restore = (rows: { market_id: string; image: string }[]) => {
    const ids: string[] = [];
    for (const row of rows) {
      cache.restore(JSON.parse(row.image) as MarketImage);
      ids.push(row.market_id);
    }
    return ids;
  };

  /** The site's times for the stream's anchor (a recording's first message), once per anchor. */
  const adoptAnchor = async (anchorAt: number | null) => {
    if (anchorAt === null || anchorAt === shiftAnchor) return;
    shift = await origin.timeShift(anchorAt);
    shiftAnchor = anchorAt;
  };

  /** Loads the stored state when it is ahead of this instance (or of another epoch). */
  const reload = async (row: StreamRow) => {
    await adoptAnchor(row.anchor_at === null ? null : Number(row.anchor_at));
    const storedEpoch = Number(row.epoch);
    const storedPosition = Number(row.position);
    if (storedEpoch === epoch && storedPosition <= applied && isReady) return;
    const isNewEpoch = storedEpoch !== epoch || !isReady;
    const rows = await listStreamMarkets(db, origin.key, isNewEpoch ? undefined : { epoch, position: applied });
    if (isNewEpoch) cache.clear();
    const ids = restore(rows);
    epoch = storedEpoch;
    applied = storedPosition;
    isReady = true;
    // Messages heard while loading that follow on from the stored state.
    const pending = buffered.filter((item) => item.e === epoch && item.n > applied).sort((a, b) => a.n - b.n);
    buffered = [];
    for (const item of pending) {
      if (item.n !== applied + 1) break;
      ids.push(...cache.apply(item.m));
      applied = item.n;
    }
    isBehind = false;
    if (ids.length) listeners.notify([...new Set(ids)]);
  };

  const onHeard = (payload: unknown) => {
    if (source || isStopped) return; // the holder's own message
    const envelope = payload as StreamEnvelope;
    if (typeof envelope?.e !== 'number' || typeof envelope.n !== 'number' || typeof envelope.t !== 'string') return;
    if (envelope.e === epoch && envelope.n <= applied) return;
    let message: MarketChangeMessage;
    try {
      message = JSON.parse(envelope.t) as MarketChangeMessage;
    } catch {
      return;
    }
    if (!isBehind && envelope.e === epoch && envelope.n === applied + 1) {
      applied = envelope.n;
      const ids = cache.apply(message);
      if (ids.length) listeners.notify(ids);
      return;
    }
    // A gap, a new epoch or a load in progress: keep it for after the next load.
    isBehind = true;
    if (buffered.length < MAX_BUFFERED) buffered.push({ e: envelope.e, n: envelope.n, m: message });
  };

  const sink = {
    onChange(message: MarketChangeMessage, text?: string) {
      if (!source) return;
      applied += 1;
      const ids = cache.apply(message);
      for (const marketId of ids) dirty.add(marketId);
      resume =
        origin.resumesBy === 'clk'
          ? {
              pt: message.pt,
              ...((message.initialClk ?? resume?.initialClk) ? { initialClk: message.initialClk ?? resume?.initialClk } : {}),
              ...((message.clk ?? resume?.clk) ? { clk: message.clk ?? resume?.clk ?? undefined } : {}),
            }
          : { pt: shift(message.pt) }; // a recording resumes after the moment its last message played
      // The line as it came, when the source has it: serialising every message again cost as much as parsing it.
      bus.publish(busTopics.feedStream(origin.key), {
        e: epoch,
        n: applied,
        t: text ?? JSON.stringify(message),
      } satisfies StreamEnvelope);
      if (ids.length) listeners.notify(ids);
    },
  };

  const resumeFrom = (text: string | null): StreamResumePoint | { pt: number } | undefined => {
    if (!text) return undefined;
    const stored = JSON.parse(text) as { pt: number; initialClk?: string; clk?: string };
    resume = stored;
    if (origin.resumesBy === 'clk' && stored.initialClk && stored.clk) return { initialClk: stored.initialClk, clk: stored.clk };
    return { pt: stored.pt };
  };

  /** Took the lease: the stored state, then the stream from where it ends. */
  const hold = async (row: StreamRow) => {
    epoch = Number(row.epoch);
    cache.clear();
    const ids = restore(await listStreamMarkets(db, origin.key));
    applied = 0;
    dirty = new Set();
    resume = undefined;
    const anchorAt = (await fixAnchor(db, origin.key, epoch, Number(row.anchor_at ?? clock.now()))) ?? clock.now();
    await adoptAnchor(anchorAt);
    const from = resumeFrom(row.resume_point);
    isReady = true;
    isBehind = false;
    buffered = [];
    log.info({ epoch, from, markets: ids.length }, 'holding the stream');
    source = origin.open(anchorAt);
    source.start(sink, from);
    listeners.notify(ids);
  };

  /** Stores the changed markets and the resume point at the current position; extends the lease to `leaseUntil`. */
  const store = async (leaseUntil: number) => {
    const ids = [...dirty];
    dirty = new Set();
    const markets = ids.flatMap((marketId) => {
      const image = cache.image(marketId);
      return image ? [{ marketId, image: JSON.stringify(image) }] : [];
    });
    try {
      await storeStreamState(db, {
        key: origin.key,
        holder: id,
        epoch,
        position: applied,
        resumePoint: resume ? JSON.stringify(resume) : null,
        leaseUntil,
        now: clock.now(),
        markets,
      });
    } catch (error) {
      for (const marketId of ids) dirty.add(marketId);
      throw error;
    }
  };

  const letGo = async (reason: string) => {
    const holding = source;
    source = undefined;
    isBehind = true;
    await holding?.stop();
    log.warn({ epoch, reason }, 'stopped holding the stream');
  };

  const takeTurn = async () => {
    if (isStopped) return;
    try {
      if (source) {
        await store(clock.now() + leaseMs);
        return;
      }
      const taken = await takeStream(db, origin.key, id, clock.now(), leaseMs);
      if (taken) {
        await hold(taken);
        return;
      }
      const row = await findStream(db, origin.key);
      if (row) await reload(row);
      else isReady = true; // nobody has played it yet, and nobody holds it: nothing to show
    } catch (error) {
      if (error instanceof LeaseLost) await letGo('another instance holds the stream');
      else log.error({ err: error }, 'stream turn failed');
    }
  };

  const schedule = () => {
    if (isStopped) return;
    timer = setTimeout(() => {
      turn = takeTurn().finally(schedule);
    }, turnMs);
    timer.unref();
  };

  return {
    cache,
    position: () => epoch * EPOCH_SPAN + applied,
    timeShift: () => shift,
    isReady: () => isReady,
    onChange: (listener) => listeners.add(listener),
    async start() {
      isStopped = false;
      unsubscribe = bus.subscribe(busTopics.feedStream(origin.key), onHeard);
      turn = takeTurn();
      await turn;
      schedule();
    },
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      unsubscribe?.();
      await turn;
      const holding = source;
      if (!holding) return;
      // Stopped before its state is stored: no message may arrive between the two.
      await holding.stop();
      try {
        await store(clock.now());
        await releaseStream(db, origin.key, id, epoch);
      } catch (error) {
        log.warn({ err: error }, 'could not hand the stream over on stop');
      }
      source = undefined;
    },
  };
}
