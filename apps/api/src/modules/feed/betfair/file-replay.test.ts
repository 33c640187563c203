import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileReplay } from './file-replay';
import { timelineShift } from './replay-timeline';
import type { MarketChangeMessage } from './stream-messages';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../test/fixtures/betfair');
const FILES = ['1.197931750', '1.197931751'].map((name) => path.join(FIXTURES, name));
const FIRST_PT = Date.parse('2022-04-19T18:24:33.420Z');
const ANCHOR = Date.UTC(2026, 0, 15, 12, 0, 0);

async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

function clockAt(now: number) {
  return { now: () => now, set: (at: number) => void (now = at) };
}

describe('replaying recordings', () => {
  it('plays both files merged by time, shifted to the anchor and scaled by the speed, with the definitions’ times', async () => {
    const clock = clockAt(ANCHOR);
    const played: MarketChangeMessage[] = [];
    const texts: string[] = [];
    const replay = createFileReplay({ files: FILES, speed: 10, clock, anchorAt: ANCHOR });
    replay.start({
      onChange: (message, text) => {
        played.push(message);
        texts.push(text ?? '');
      },
    });
    // At the anchor: the first message of each file (both recorded at the same moment).
    await until(() => played.length === 2);
    // Handed over as recorded; the replay's shift says when each plays.
    expect(played.map((message) => [message.pt, message.mc?.[0]?.id])).toEqual([
      [FIRST_PT, '1.197931750'],
      [FIRST_PT, '1.197931751'],
    ]);
    expect(texts[0]).toBe(readFileSync(FILES[0]!, 'utf8').split('\n')[0]);
    // The off, 86.58 recorded seconds later, is 8.658 s later at speed 10.
    expect(replay.shift(Date.parse('2022-04-19T18:26:00Z'))).toBe(ANCHOR + 8_658);
    // The close (323.05 s recorded) has not played at +32.3 s; it has at +32.305 s.
    clock.set(ANCHOR + 32_300);
    await until(() => played.some((message) => message.pt === Date.parse('2022-04-19T18:27:18.735Z'))); // the suspension
    expect(played.some((message) => message.mc?.some((change) => change.marketDefinition?.status === 'CLOSED'))).toBe(false);
    clock.set(ANCHOR + 32_305);
    await until(
      () => played.filter((message) => message.mc?.some((change) => change.marketDefinition?.status === 'CLOSED')).length === 2,
    );
    expect(played).toHaveLength(332);
    // In order, never ahead of the clock.
    expect(played.every((message, index) => index === 0 || message.pt >= (played[index - 1]?.pt ?? 0))).toBe(true);
    expect(played.every((message) => replay.shift(message.pt) <= clock.now())).toBe(true);
    await replay.stop();
  });

  it('resumes after the last message played (a hand-over), at the same anchor', async () => {
    const clock = clockAt(ANCHOR + 40_000);
    const played: MarketChangeMessage[] = [];
    const resumeAfter = ANCHOR + 20_000; // the last stored message played 20 s in
    const replay = createFileReplay({ files: FILES, speed: 10, clock, anchorAt: ANCHOR });
    replay.start({ onChange: (message) => played.push(message) }, { pt: resumeAfter });
    await until(() => played.length > 0 && played.at(-1)?.mc?.[0]?.marketDefinition?.status === 'CLOSED');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(played.every((message) => replay.shift(message.pt) > resumeAfter)).toBe(true);
    const skipped = 332 - played.length;
    expect(skipped).toBeGreaterThan(0);
    expect(replay.shift(FIRST_PT + 200_000)).toBe(ANCHOR + 20_000);
    await replay.stop();
  });
});

describe('the replay’s timeline', () => {
  it('plays recordings that overlap as one, and recordings of other days each from the start', () => {
    const hour = 3_600_000;
    const shift = timelineShift(
      [
        { first: 10 * hour, last: 12 * hour }, // a race's Win market
        { first: 11 * hour, last: 12 * hour }, // its Place market, recorded from later
        { first: 100 * hour, last: 101 * hour }, // a race of another day
      ],
      2,
      ANCHOR,
    );
    expect(shift(10 * hour)).toBe(ANCHOR);
    expect(shift(11 * hour)).toBe(ANCHOR + hour / 2);
    expect(shift(13 * hour)).toBe(ANCHOR + 1.5 * hour); // an off after its recording ends
    expect(shift(100 * hour)).toBe(ANCHOR);
    expect(shift(101 * hour)).toBe(ANCHOR + hour / 2);
  });

  it('plays recordings years apart from the same start', async () => {
    const clock = clockAt(ANCHOR);
    const played: MarketChangeMessage[] = [];
    const files = [FILES[0]!, path.join(FIXTURES, 'BASIC-1.132153978.gz')];
    const replay = createFileReplay({ files, speed: 1, clock, anchorAt: ANCHOR });
    replay.start({ onChange: (message) => played.push(message) });
    await until(() => played.length === 2);
    expect(played.map((message) => message.mc?.[0]?.id).sort()).toEqual(['1.132153978', '1.197931750']);
    await replay.stop();
  });
});
