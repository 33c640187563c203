import { adoptAnchor, type HandOverState, restoreMarkets, type StreamEnvelope } from './stream-hand-over-support';
import type { MarketChangeMessage } from './stream-messages';
import { listStreamMarkets, type StreamRow } from './stream-state.repository';

/** Messages kept while a follower reloads (beyond: it reloads again from the stored state). */
const MAX_BUFFERED = 20_000;

export interface StreamFollower {
  /** Loads the stored state when it is ahead of this instance (or of another epoch). */
  reload(row: StreamRow): Promise<void>;
  /** A message the holder sent on the bus. */
  onHeard(payload: unknown): void;
}

/**
 * An instance that does not hold the stream (docs/feeds.md, "Several instances"): it applies the
 * holder's messages in order; one that misses any (or starts, or sees a new epoch) loads the
 * stored state and goes on from there, with the messages heard meanwhile that follow on.
 */
export function createStreamFollower(state: HandOverState): StreamFollower {
  const { db, origin, cache, listeners } = state;

  return {
    async reload(row) {
      await adoptAnchor(state, row.anchor_at === null ? null : Number(row.anchor_at));
      const storedEpoch = Number(row.epoch);
      const storedPosition = Number(row.position);
      if (storedEpoch === state.epoch && storedPosition <= state.applied && state.isReady) return;
      const isNewEpoch = storedEpoch !== state.epoch || !state.isReady;
      const rows = await listStreamMarkets(
        db,
        origin.key,
        isNewEpoch ? undefined : { epoch: state.epoch, position: state.applied },
      );
      if (isNewEpoch) cache.clear();
      const ids = restoreMarkets(cache, rows);
      state.epoch = storedEpoch;
      state.applied = storedPosition;
      state.isReady = true;
      // Messages heard while loading that follow on from the stored state.
      const pending = state.buffered.filter((item) => item.e === state.epoch && item.n > state.applied).sort((a, b) => a.n - b.n);
      state.buffered = [];
      for (const item of pending) {
        if (item.n !== state.applied + 1) break;
        ids.push(...cache.apply(item.m));
        state.applied = item.n;
      }
      state.isBehind = false;
      if (ids.length) listeners.notify([...new Set(ids)]);
    },

    onHeard(payload) {
      if (state.source || state.isStopped) return; // the holder's own message
      const envelope = payload as StreamEnvelope;
      if (typeof envelope?.e !== 'number' || typeof envelope.n !== 'number' || typeof envelope.t !== 'string') return;
      if (envelope.e === state.epoch && envelope.n <= state.applied) return;
      let message: MarketChangeMessage;
      try {
        message = JSON.parse(envelope.t) as MarketChangeMessage;
      } catch {
        return;
      }
      if (!state.isBehind && envelope.e === state.epoch && envelope.n === state.applied + 1) {
        state.applied = envelope.n;
        const ids = cache.apply(message);
        if (ids.length) listeners.notify(ids);
        return;
      }
      // A gap, a new epoch or a load in progress: keep it for after the next load.
      state.isBehind = true;
      if (state.buffered.length < MAX_BUFFERED) state.buffered.push({ e: envelope.e, n: envelope.n, m: message });
    },
  };
}
