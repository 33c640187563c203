import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crashDurationMs, crashMultiplierAt, crashSureToReach } from './crash';
import { MAX_CRASH_HUNDREDTHS } from './limbo';

describe('what a running Crash flight is sure to reach (docs/casino.md "Crash on the screen")', () => {
  it('never passes the crash point at any millisecond before the crash', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: MAX_CRASH_HUNDREDTHS }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (point, share) => {
          const duration = crashDurationMs(point);
          // Any moment the server can still call running: before the crash's millisecond.
          const elapsed = Math.min(duration - 1, Math.floor(share * duration));
          if (elapsed < 0) return;
          expect(crashMultiplierAt(elapsed)).toBeLessThan(point);
          expect(crashSureToReach(elapsed)).toBeLessThanOrEqual(point);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('holds on the last millisecond of every flight up to 100×', () => {
    for (let point = 101; point <= 10_000; point += 1) {
      expect(crashSureToReach(crashDurationMs(point) - 1)).toBeLessThanOrEqual(point);
    }
  });
});
