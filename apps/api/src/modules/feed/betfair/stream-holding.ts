import { busTopics } from '../../../lib/event-bus';
import { adoptAnchor, type HandOverState, restoreMarkets, type StreamEnvelope } from './stream-hand-over-support';
import type { MarketChangeMessage, StreamResumePoint } from './stream-messages';
import { fixAnchor, listStreamMarkets, type StreamRow, storeStreamState } from './stream-state.repository';

export interface StreamHolder {
  /** Took the lease: the stored state, then the stream from where it ends. */
  hold(row: StreamRow): Promise<void>;
  /** Stores the changed markets and the resume point at the current position; extends the lease to `leaseUntil`. */
  store(leaseUntil: number): Promise<void>;
  /** Stops holding the stream (the lease is another's). */
  letGo(reason: string): Promise<void>;
}

/**
 * The instance that holds the stream (docs/feeds.md, "Several instances"): it plays the recording
 * or holds the live connection, applies every message to its cache, sends each message on the
 * bus, and stores every changed market's state with the stream's resume point when asked, in
 * one transaction guarded by its epoch. A new holder resumes the stream where the stored state
 * ends (a recording after its last `pt`, the live stream from its `clk`).
 */
export function createStreamHolder(state: HandOverState): StreamHolder {
  const { db, clock, bus, origin, cache, log, listeners } = state;
  let dirty = new Set<string>();
  let resume: { pt: number; initialClk?: string; clk?: string } | undefined;

  const sink = {
    onChange(message: MarketChangeMessage, text?: string) {
      if (!state.source) return;
      state.applied += 1;
      const ids = cache.apply(message);
      for (const marketId of ids) dirty.add(marketId);
      resume =
        origin.resumesBy === 'clk'
          ? {
              pt: message.pt,
              ...((message.initialClk ?? resume?.initialClk) ? { initialClk: message.initialClk ?? resume?.initialClk } : {}),
              ...((message.clk ?? resume?.clk) ? { clk: message.clk ?? resume?.clk ?? undefined } : {}),
            }
          : { pt: state.shift(message.pt) }; // a recording resumes after the moment its last message played
      // The line as it came, when the source has it: serialising every message again cost as much as parsing it.
      bus.publish(busTopics.feedStream(origin.key), {
        e: state.epoch,
        n: state.applied,
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

  return {
    async hold(row) {
      state.epoch = Number(row.epoch);
      cache.clear();
      const ids = restoreMarkets(cache, await listStreamMarkets(db, origin.key));
      state.applied = 0;
      dirty = new Set();
      resume = undefined;
      const anchorAt = (await fixAnchor(db, origin.key, state.epoch, Number(row.anchor_at ?? clock.now()))) ?? clock.now();
      await adoptAnchor(state, anchorAt);
      const from = resumeFrom(row.resume_point);
      state.isReady = true;
      state.isBehind = false;
      state.buffered = [];
      log.info({ epoch: state.epoch, from, markets: ids.length }, 'holding the stream');
      const source = origin.open(anchorAt);
      state.source = source;
      source.start(sink, from);
      listeners.notify(ids);
    },

    async store(leaseUntil) {
      const ids = [...dirty];
      dirty = new Set();
      const markets = ids.flatMap((marketId) => {
        const image = cache.image(marketId);
        return image ? [{ marketId, image: JSON.stringify(image) }] : [];
      });
      try {
        await storeStreamState(db, {
          key: origin.key,
          holder: state.holderId,
          epoch: state.epoch,
          position: state.applied,
          resumePoint: resume ? JSON.stringify(resume) : null,
          leaseUntil,
          now: clock.now(),
          markets,
        });
      } catch (error) {
        for (const marketId of ids) dirty.add(marketId);
        throw error;
      }
    },

    async letGo(reason) {
      const holding = state.source;
      state.source = undefined;
      state.isBehind = true;
      await holding?.stop();
      log.warn({ epoch: state.epoch, reason }, 'stopped holding the stream');
    },
  };
}
