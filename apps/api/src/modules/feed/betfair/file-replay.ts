import type { Clock } from '../../../lib/clock';
import { readRecordingLines } from './recording-reader';
import { replayShift } from './replay-timeline';
import type { MarketChangeMessage, MarketChangeSink, MarketChangeSource } from './stream-messages';

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

interface Cursor {
  file: string;
  iterator: AsyncIterator<string>;
  close(): void;
  next: MarketChangeMessage | undefined;
  /** The line `next` was read from, unchanged. */
  text: string;
  /** When `next` plays (its `pt` shifted). */
  due: number;
  lineNo: number;
  badLines: number;
}

/**
 * Plays Betfair recordings (historic data files, one `mcm` per line) as the live stream would
 * deliver them: files merged by publish time, each message at its recorded time shifted so the
 * first plays at `anchorAt` and scaled by `speed`. The messages are handed over as recorded
 * (with their lines, for the other instances); the feed shows their times shifted the same way
 * (`shift`, docs/feeds.md "Replaying recorded markets"). Messages due at one moment are handed
 * over together, in one turn. `resumeFrom.pt` is when the last message played (a hand-over's
 * stored point, in the site's time): the messages due by then are skipped.
 */
export function createFileReplay(options: FileReplayOptions): FileReplay {
  const { files, speed, clock } = options;
  let shiftOf: ((recordedAt: number) => number) | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const cursors: Cursor[] = [];

  const shift = (recordedAt: number) => {
    if (!shiftOf) throw new Error('The replay has not read its recordings yet');
    return shiftOf(recordedAt);
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
      cursor.next = message;
      cursor.text = step.value;
      cursor.due = shift(message.pt);
      return;
    }
  };

  const earliest = (): Cursor | undefined => {
    let best: Cursor | undefined;
    for (const cursor of cursors) if (cursor.next && (!best || cursor.due < best.due)) best = cursor;
    return best;
  };

  const waitUntil = (at: number) =>
    new Promise<void>((resolve) => {
      const wait = Math.max(0, Math.min(MAX_WAIT_MS, at - clock.now()));
      wake = resolve;
      timer = setTimeout(resolve, wait);
    });

  async function play(sink: MarketChangeSink, skipThrough: number): Promise<void> {
    shiftOf ??= await replayShift(files, speed, options.anchorAt);
    for (const file of files) {
      const reader = readRecordingLines(file);
      cursors.push({
        file,
        iterator: reader.lines[Symbol.asyncIterator](),
        close: reader.close,
        next: undefined,
        text: '',
        due: 0,
        lineNo: 0,
        badLines: 0,
      });
    }
    for (const cursor of cursors) await advance(cursor);
    while (!isStopped) {
      const first = earliest();
      if (!first?.next) break;
      if (first.due <= skipThrough) {
        await advance(first);
        continue;
      }
      const due = first.due;
      while (!isStopped && clock.now() < due) await waitUntil(due);
      if (isStopped) break;
      // Everything due by now, read before any is handed over, then handed over in one turn.
      const batch: [MarketChangeMessage, string][] = [];
      for (let cursor = earliest(); cursor?.next && cursor.due <= clock.now(); cursor = earliest()) {
        batch.push([cursor.next, cursor.text]);
        await advance(cursor);
        if (isStopped) return;
      }
      for (const [message, text] of batch) sink.onChange(message, text);
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
