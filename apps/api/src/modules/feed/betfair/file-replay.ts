import type { Clock } from '../../../lib/clock';
import { readRecordingLines } from './recording-reader';
import type { MarketChangeMessage, MarketChangeSink, MarketChangeSource, MarketDefinition } from './stream-messages';

/** The replay looks at the clock at least this often (a test's clock moves without timers). */
const MAX_WAIT_MS = 50;

export interface FileReplayOptions {
  files: readonly string[];
  /** Recorded time runs this many times faster (FEED_SPEED). */
  speed: number;
  clock: Clock;
  /**
   * When the recordings' first message plays (epoch ms). The instance that starts a replay fixes
   * it and every instance that takes the replay over uses the same one (docs/feeds.md).
   */
  anchorAt: number;
  /** A line that is no market change message: skipped, and said once per file. */
  onBadLine?: (file: string, line: number, problem: string) => void;
  /** Every file played to its end. */
  onEnd?: () => void;
  /** A recording could not be read (the replay stops). */
  onError?: (error: unknown) => void;
}

export interface FileReplay extends MarketChangeSource {
  /** Recorded time (epoch ms) → the time it plays at. */
  shift(recordedAt: number): number;
}

/** The publish time of a recording's first message. */
async function firstPublishTime(file: string): Promise<number | undefined> {
  const reader = readRecordingLines(file);
  try {
    for await (const line of reader.lines) {
      const pt = (JSON.parse(line) as { pt?: unknown }).pt;
      if (typeof pt === 'number') return pt;
    }
    return undefined;
  } finally {
    reader.close();
  }
}

/** The earliest first message of the recordings: the moment that plays at the anchor. */
export async function recordingsStart(files: readonly string[]): Promise<number> {
  let first = Infinity;
  for (const file of files) first = Math.min(first, (await firstPublishTime(file)) ?? Infinity);
  if (!Number.isFinite(first)) throw new Error(`No market change message in ${files.join(', ')}`);
  return first;
}

const shiftIso = (value: string | undefined, shift: (at: number) => number) => {
  if (value === undefined) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? value : new Date(shift(at)).toISOString();
};

/** A definition's times moved as the messages are, so a recorded race is "upcoming", then off. */
function shiftDefinition(definition: MarketDefinition, shift: (at: number) => number): void {
  definition.marketTime = shiftIso(definition.marketTime, shift) ?? definition.marketTime;
  const suspendTime = shiftIso(definition.suspendTime, shift);
  if (suspendTime !== undefined) definition.suspendTime = suspendTime;
  const openDate = shiftIso(definition.openDate, shift);
  if (openDate !== undefined) definition.openDate = openDate;
  const settledTime = shiftIso(definition.settledTime, shift);
  if (settledTime !== undefined) definition.settledTime = settledTime;
  for (const runner of definition.runners ?? []) {
    const removalDate = shiftIso(runner.removalDate, shift);
    if (removalDate !== undefined) runner.removalDate = removalDate;
  }
}

interface Cursor {
  file: string;
  iterator: AsyncIterator<string>;
  close(): void;
  next: MarketChangeMessage | undefined;
  lineNo: number;
  badLines: number;
}

/**
 * Plays Betfair recordings (historic data files, one `mcm` per line) as the live stream would
 * deliver them: files merged by publish time, each message at its recorded time shifted so the
 * first plays at `anchorAt` and scaled by `speed`, with `pt` and the definition's times shifted
 * the same way. Messages due at one moment are handed over together, in one turn.
 */
export function createFileReplay(options: FileReplayOptions): FileReplay {
  const { files, speed, clock } = options;
  let firstPt: number | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const cursors: Cursor[] = [];

  const shift = (recordedAt: number) => {
    if (firstPt === undefined) throw new Error('The replay has not read its first message yet');
    return options.anchorAt + Math.round((recordedAt - firstPt) / speed);
  };

  const advance = async (cursor: Cursor): Promise<void> => {
    for (;;) {
      const step = await cursor.iterator.next();
      if (step.done) {
        cursor.next = undefined;
        return;
      }
      cursor.lineNo += 1;
      let message: MarketChangeMessage;
      try {
        message = JSON.parse(step.value) as MarketChangeMessage;
      } catch {
        if (cursor.badLines++ === 0) options.onBadLine?.(cursor.file, cursor.lineNo, 'not JSON');
        continue;
      }
      if (message?.op !== 'mcm' || typeof message.pt !== 'number') {
        if (cursor.badLines++ === 0) options.onBadLine?.(cursor.file, cursor.lineNo, 'not a market change message');
        continue;
      }
      message.pt = shift(message.pt);
      for (const change of message.mc ?? []) if (change.marketDefinition) shiftDefinition(change.marketDefinition, shift);
      cursor.next = message;
      return;
    }
  };

  const earliest = (): Cursor | undefined => {
    let best: Cursor | undefined;
    for (const cursor of cursors) if (cursor.next && (!best || cursor.next.pt < (best.next?.pt ?? Infinity))) best = cursor;
    return best;
  };

  const waitUntil = (at: number) =>
    new Promise<void>((resolve) => {
      const wait = Math.max(0, Math.min(MAX_WAIT_MS, at - clock.now()));
      wake = resolve;
      timer = setTimeout(resolve, wait);
    });

  async function play(sink: MarketChangeSink, skipThrough: number): Promise<void> {
    firstPt ??= await recordingsStart(files);
    for (const file of files) {
      const reader = readRecordingLines(file);
      cursors.push({
        file,
        iterator: reader.lines[Symbol.asyncIterator](),
        close: reader.close,
        next: undefined,
        lineNo: 0,
        badLines: 0,
      });
    }
    for (const cursor of cursors) await advance(cursor);
    while (!isStopped) {
      const first = earliest();
      if (!first?.next) break;
      const due = first.next.pt;
      if (due <= skipThrough) {
        await advance(first);
        continue;
      }
      while (!isStopped && clock.now() < due) await waitUntil(due);
      if (isStopped) break;
      // Everything due by now, read before any is handed over, then handed over in one turn.
      const batch: MarketChangeMessage[] = [];
      for (let cursor = earliest(); cursor?.next && cursor.next.pt <= clock.now(); cursor = earliest()) {
        batch.push(cursor.next);
        await advance(cursor);
        if (isStopped) return;
      }
      for (const message of batch) sink.onChange(message);
    }
    if (!isStopped) options.onEnd?.();
  }

  const closeAll = () => {
    for (const cursor of cursors.splice(0)) cursor.close();
  };

  return {
    shift,
    start(sink, resumeFrom) {
      if (running) throw new Error('The replay is already started');
      isStopped = false;
      const skipThrough = resumeFrom && 'pt' in resumeFrom ? resumeFrom.pt : -Infinity;
      running = play(sink, skipThrough)
        .catch((error: unknown) => options.onError?.(error))
        .finally(closeAll);
    },
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
      closeAll();
      try {
        await running;
      } catch {
        // stopped while failing: nothing more to deliver either way
      }
      running = undefined;
    },
  };
}
