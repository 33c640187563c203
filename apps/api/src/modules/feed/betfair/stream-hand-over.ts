import { randomUUID } from 'node:crypto';
import { busTopics } from '../../../lib/event-bus';
import { createStreamFollower } from './stream-following';
import type { HandOverState, StreamHandOverDeps } from './stream-hand-over-support';
import { createStreamHolder } from './stream-holding';
import { changeListeners, noTimeShift, type StreamKeeper } from './stream-keeper';
import { findStream, LeaseLost, releaseStream, takeStream } from './stream-state.repository';

export type { StreamHandOverDeps } from './stream-hand-over-support';

/** A holder that stops renewing (killed) is replaced after this; well inside the 10 s docs/feeds.md promises. */
export const STREAM_LEASE_MS = 6_000;
/** The holder stores its state and renews its lease this often; the others look for a free stream as often. */
export const STREAM_TURN_MS = 1_000;
/** Epochs apart in `seq`: every position of a later holder is above every one of an earlier. */
const EPOCH_SPAN = 2 ** 32;

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
 *
 * Holding is in stream-holding.ts and following in stream-following.ts, sharing one
 * `HandOverState` (stream-hand-over-support.ts); this keeper takes a turn each second: store
 * and renew the lease, take a free one, or catch up with the stored state.
 */
export function createStreamHandOver(deps: StreamHandOverDeps): StreamKeeper {
  const { db, clock, bus, origin, cache } = deps;
  const log = deps.logger.child({ stream: origin.key });
  const leaseMs = deps.timing?.leaseMs ?? STREAM_LEASE_MS;
  const turnMs = deps.timing?.turnMs ?? STREAM_TURN_MS;
  const state: HandOverState = {
    db,
    clock,
    bus,
    origin,
    cache,
    log,
    holderId: randomUUID(),
    listeners: changeListeners((error) => log.error({ err: error }, 'stream listener failed')),
    epoch: 0,
    applied: 0,
    shift: noTimeShift,
    shiftAnchor: null,
    isReady: false,
    isStopped: false,
    source: undefined,
    buffered: [],
    isBehind: true,
  };
  const holder = createStreamHolder(state);
  const follower = createStreamFollower(state);
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | undefined;

  const takeTurn = async () => {
    if (state.isStopped) return;
    try {
      if (state.source) {
        await holder.store(clock.now() + leaseMs);
        return;
      }
      const taken = await takeStream(db, origin.key, state.holderId, clock.now(), leaseMs);
      if (taken) {
        await holder.hold(taken);
        return;
      }
      const row = await findStream(db, origin.key);
      if (row) await follower.reload(row);
      else state.isReady = true; // nobody has played it yet, and nobody holds it: nothing to show
    } catch (error) {
      if (error instanceof LeaseLost) await holder.letGo('another instance holds the stream');
      else log.error({ err: error }, 'stream turn failed');
    }
  };

  const schedule = () => {
    if (state.isStopped) return;
    timer = setTimeout(() => {
      turn = takeTurn().finally(schedule);
    }, turnMs);
    timer.unref();
  };

  return {
    cache,
    position: () => state.epoch * EPOCH_SPAN + state.applied,
    timeShift: () => state.shift,
    isReady: () => state.isReady,
    onChange: (listener) => state.listeners.add(listener),
    async start() {
      state.isStopped = false;
      unsubscribe = bus.subscribe(busTopics.feedStream(origin.key), follower.onHeard);
      turn = takeTurn();
      await turn;
      schedule();
    },
    async stop() {
      state.isStopped = true;
      if (timer) clearTimeout(timer);
      unsubscribe?.();
      await turn;
      const holding = state.source;
      if (!holding) return;
      // Stopped before its state is stored: no message may arrive between the two.
      await holding.stop();
      try {
        await holder.store(clock.now());
        await releaseStream(db, origin.key, state.holderId, state.epoch);
      } catch (error) {
        log.warn({ err: error }, 'could not hand the stream over on stop');
      }
      state.source = undefined;
    },
  };
}
