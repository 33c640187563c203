import { statSync } from 'node:fs';
import { readRecordingLines } from './recording-reader';

/** The recorded time a recording covers: its first and last message's `pt`. */
export interface RecordingSpan {
  first: number;
  last: number;
}

const spans = new Map<string, Promise<RecordingSpan | undefined>>();

/** Reads a recording to its end once per process (a file changed since is read again). */
export function recordingSpan(file: string): Promise<RecordingSpan | undefined> {
  const stat = statSync(file);
  const key = `${file}\0${stat.size}\0${stat.mtimeMs}`;
  let span = spans.get(key);
  if (!span) {
    span = (async () => {
      let first: number | undefined;
      let last: number | undefined;
      for await (const line of readRecordingLines(file).lines) {
        const match = /"pt"\s*:\s*(\d+)/.exec(line);
        if (!match) continue;
        const pt = Number(match[1]);
        first ??= pt;
        last = pt;
      }
      return first === undefined || last === undefined ? undefined : { first, last };
    })();
    spans.set(key, span);
  }
  return span;
}

/**
 * Recorded time → the time it plays at (docs/feeds.md "Replaying recorded markets"). Recordings
 * whose spans overlap are one timeline (a race's Win and Place markets, a match's markets): its
 * first message plays at `anchorAt` and the rest at their recorded distance from it, divided by
 * `speed`. Recordings of other days are timelines of their own, each starting at `anchorAt` too,
 * so a demo's recordings from different years all play from the start. A time between timelines
 * (a market's off after its recording ends) goes with the timeline before it.
 */
export function timelineShift(
  recordings: readonly RecordingSpan[],
  speed: number,
  anchorAt: number,
): (recordedAt: number) => number {
  const sorted = [...recordings].sort((a, b) => a.first - b.first);
  const starts: number[] = [];
  let end = -Infinity;
  for (const span of sorted) {
    if (span.first > end) starts.push(span.first);
    end = Math.max(end, span.last);
  }
  if (starts.length === 0) throw new Error('A replay needs at least one recording with a message');
  return (recordedAt) => {
    let start = starts[0] ?? 0;
    for (const candidate of starts) {
      if (candidate > recordedAt) break;
      start = candidate;
    }
    return anchorAt + Math.round((recordedAt - start) / speed);
  };
}

/** The time shift of a replay of `files` anchored at `anchorAt`. */
export async function replayShift(
  files: readonly string[],
  speed: number,
  anchorAt: number,
): Promise<(recordedAt: number) => number> {
  const found: RecordingSpan[] = [];
  for (const file of files) {
    const span = await recordingSpan(file);
    if (span) found.push(span);
  }
  if (found.length === 0) throw new Error(`No market change message in ${files.join(', ')}`);
  return timelineShift(found, speed, anchorAt);
}
