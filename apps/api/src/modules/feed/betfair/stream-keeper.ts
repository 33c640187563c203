import type { MarketCache } from './market-cache';
import type { MarketChangeSource } from './stream-messages';

/**
 * What a Betfair feed reads from: a recording or the live stream, opened by whoever holds it.
 * `anchorAt`: when a recording's first message plays (the live stream ignores it).
 */
export interface StreamOrigin {
  /** What is played, stable across restarts: 'live', or the recordings and speed ('file:…'). */
  key: string;
  /** How a new holder resumes it: a recording after the last `pt` played, the live stream from its `clk`. */
  resumesBy: 'pt' | 'clk';
  open(anchorAt: number): MarketChangeSource;
  /**
   * How the messages' times (recorded) become the site's: a recording's are shifted to the
   * anchor and scaled by its speed; the live stream's are as they are.
   */
  timeShift(anchorAt: number): Promise<(recordedAt: number) => number>;
}

export const noTimeShift = (at: number) => at;

/**
 * Holds the market cache of one stream and keeps it current: by holding the stream itself, or,
 * on an instance that does not hold it, from the holder's state (stream-hand-over.ts).
 */
export interface StreamKeeper {
  readonly cache: MarketCache;
  /** The live `seq` of the current state (PushFeed.position). */
  position(): number;
  /** Recorded time → the site's (StreamOrigin.timeShift), once known; the identity before. */
  timeShift(): (recordedAt: number) => number;
  isReady(): boolean;
  /** Called with the markets each applied message (or a reload) changed. */
  onChange(listener: (marketIds: readonly string[]) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The listeners of a keeper, called in order; one that throws does not stop the others. */
export function changeListeners(onError: (error: unknown) => void) {
  const listeners = new Set<(marketIds: readonly string[]) => void>();
  return {
    add(listener: (marketIds: readonly string[]) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(marketIds: readonly string[]) {
      for (const listener of listeners) {
        try {
          listener(marketIds);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}

/**
 * One instance alone with its stream (tests, tools, the ingest bench): it plays the origin from
 * the start, anchored when it starts, and keeps nothing.
 */
export function createLocalKeeper(
  cache: MarketCache,
  origin: StreamOrigin,
  options: { now: () => number; onError?: (error: unknown) => void },
): StreamKeeper {
  const listeners = changeListeners(options.onError ?? (() => undefined));
  let source: MarketChangeSource | undefined;
  let applied = 0;
  let shift = noTimeShift;
  return {
    cache,
    position: () => applied,
    timeShift: () => shift,
    isReady: () => source !== undefined,
    onChange: (listener) => listeners.add(listener),
    async start() {
      const anchorAt = options.now();
      shift = await origin.timeShift(anchorAt);
      source = origin.open(anchorAt);
      source.start({
        onChange(message) {
          const changed = cache.apply(message);
          applied += 1;
          if (changed.length) listeners.notify(changed);
        },
      });
    },
    async stop() {
      await source?.stop();
    },
  };
}
