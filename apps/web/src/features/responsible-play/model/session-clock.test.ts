import type { RgSession } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  elapsedMs,
  formatDuration,
  isoDuration,
  isRealityCheckDue,
  msUntilRealityCheck,
  readSessionClock,
  remainingMs,
} from './session-clock';

const MINUTE = 60_000;
const SERVER_NOW = Date.parse('2027-01-10T10:00:00.000Z');

function answer(changes: Partial<RgSession> = {}): RgSession {
  return {
    server_time: new Date(SERVER_NOW).toISOString(),
    started_at: new Date(SERVER_NOW - 10 * MINUTE).toISOString(),
    reality_check_minutes: 15,
    next_reality_check_at: new Date(SERVER_NOW + 5 * MINUTE).toISOString(),
    ends_at: null,
    net_result: -250,
    staked: 1_000,
    won: 750,
    ...changes,
  };
}

describe('the session clock on the server’s time', () => {
  it('counts to the reality check from the server’s clock, whatever the browser’s says', () => {
    // The browser runs 3 minutes behind the server; the answer took 400 ms.
    const browserSent = SERVER_NOW - 3 * MINUTE - 200;
    const clock = readSessionClock(answer(), browserSent, browserSent + 400);
    expect(clock.offsetMs).toBe(3 * MINUTE);
    const browserNow = browserSent + 200;
    expect(msUntilRealityCheck(clock, browserNow)).toBe(5 * MINUTE);
    expect(isRealityCheckDue(clock, browserNow + 5 * MINUTE - 1)).toBe(false);
    expect(isRealityCheckDue(clock, browserNow + 5 * MINUTE)).toBe(true);
    expect(msUntilRealityCheck(clock, browserNow + 9 * MINUTE)).toBe(0);
  });

  it('is due at once when the server says the moment has passed (a reload never restarts the interval)', () => {
    const clock = readSessionClock(answer({ next_reality_check_at: new Date(SERVER_NOW - MINUTE).toISOString() }), 0, 0);
    expect(isRealityCheckDue(clock, 0)).toBe(true);
  });

  it('never comes without a reality check', () => {
    const clock = readSessionClock(answer({ reality_check_minutes: 0, next_reality_check_at: null }), SERVER_NOW, SERVER_NOW);
    expect(isRealityCheckDue(clock, SERVER_NOW + 1_000 * MINUTE)).toBe(false);
    expect(msUntilRealityCheck(clock, SERVER_NOW)).toBeNull();
  });

  it('tells the time since login and the time left before the session limit', () => {
    const clock = readSessionClock(answer({ ends_at: new Date(SERVER_NOW + 50 * MINUTE).toISOString() }), SERVER_NOW, SERVER_NOW);
    expect(elapsedMs(clock, SERVER_NOW)).toBe(10 * MINUTE);
    expect(remainingMs(clock, SERVER_NOW)).toBe(50 * MINUTE);
    expect(remainingMs(clock, SERVER_NOW + 60 * MINUTE)).toBe(0);
    expect(remainingMs(readSessionClock(answer(), SERVER_NOW, SERVER_NOW), SERVER_NOW)).toBeNull();
    expect(clock.netResult).toBe(-250);
  });

  it('reads durations as a clock, and as ISO 8601 for <time>', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(65_999)).toBe('0:01:05');
    expect(formatDuration(3 * 3_600_000 + 7 * MINUTE + 9_000)).toBe('3:07:09');
    expect(formatDuration(-5)).toBe('0:00:00');
    expect(isoDuration(3_600_000 + 5 * MINUTE + 9_000)).toBe('PT1H5M9S');
  });
});
