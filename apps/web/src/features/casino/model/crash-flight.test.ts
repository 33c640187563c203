import { type CrashRoundView, crashDurationMs, crashMultiplierAt } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { drawnMultiplier, type FlightView, ServerClock, takeLook } from './crash-flight';

const TAKE_OFF = 1_000_000;

function round(number: number, phase: CrashRoundView['phase'], crashPoint: number | null = null): CrashRoundView {
  return {
    round_number: number,
    phase,
    server_seed_hash: 'h',
    betting_ends_at: TAKE_OFF,
    crash_point: crashPoint,
    crashed_at: null,
    server_seed: null,
    chain: null,
  };
}

describe('drawing Crash from the server (docs/casino.md "Crash on the screen")', () => {
  it('never draws above the crash point, however late the crash is told', () => {
    const point = 146;
    const crashAt = TAKE_OFF + crashDurationMs(point);
    // The server's last look before the crash, then nothing for a whole second (the old poll).
    let view = takeLook(null, { now: TAKE_OFF - 10, round: round(7, 'betting') });
    for (let at = TAKE_OFF; at < crashAt; at += 100) view = takeLook(view, { now: at, round: round(7, 'running') });
    for (let local = TAKE_OFF; local < crashAt + 1_000; local += 16) {
      expect(drawnMultiplier(view, local)).toBeLessThanOrEqual(point);
    }
    view = takeLook(view, { now: crashAt, round: round(7, 'crashed', point / 100) });
    expect(drawnMultiplier(view, crashAt + 5_000)).toBe(point);
  });

  it('follows the curve on the server clock between looks, up to the next hundredth the last look makes sure', () => {
    const view = takeLook(null, { now: TAKE_OFF + 5_000, round: round(3, 'running') });
    const confirmed = crashMultiplierAt(5_000);
    expect(drawnMultiplier(view, TAKE_OFF + 4_000)).toBe(crashMultiplierAt(4_000));
    expect(drawnMultiplier(view, TAKE_OFF + 5_000)).toBe(confirmed);
    expect(drawnMultiplier(view, TAKE_OFF + 60_000)).toBe(confirmed + 1);
  });

  it('starts every round at 1.00×, never at the last round’s value', () => {
    let view: FlightView | null = takeLook(null, { now: TAKE_OFF + 20_000, round: round(4, 'crashed', 3.2) });
    expect(drawnMultiplier(view, TAKE_OFF + 21_000)).toBe(320);
    view = takeLook(view, { now: TAKE_OFF + 23_000, round: { ...round(5, 'betting'), betting_ends_at: TAKE_OFF + 29_000 } });
    expect(drawnMultiplier(view, TAKE_OFF + 24_000)).toBe(100);
    // Take-off on the page's clock but no running look yet: still 1.00×.
    expect(drawnMultiplier(view, TAKE_OFF + 30_000)).toBe(100);
  });

  it('ignores an older look that arrives late: a crash is never undone, an old round never returns', () => {
    let view = takeLook(null, { now: TAKE_OFF + 900, round: round(9, 'crashed', 1.01) });
    view = takeLook(view, { now: TAKE_OFF + 500, round: round(9, 'running') });
    expect(view.phase).toBe('crashed');
    expect(drawnMultiplier(view, TAKE_OFF + 2_000)).toBe(101);
    view = takeLook(view, { now: TAKE_OFF + 700, round: round(8, 'running') });
    expect(view.roundNumber).toBe(9);
  });
});

describe('the server clock from its looks', () => {
  it('takes the largest recent offset: a look never arrives before it was sent', () => {
    const clock = new ServerClock();
    expect(clock.now(500)).toBe(500);
    // The look that travelled faster shows the larger offset.
    clock.note(10_000, 2_000);
    clock.note(10_100, 2_060);
    expect(clock.now(3_000)).toBe(3_000 + 8_040);
    // Old samples leave after 30 s.
    clock.note(50_000, 42_100);
    expect(clock.now(43_000)).toBe(43_000 + 7_900);
  });
});
