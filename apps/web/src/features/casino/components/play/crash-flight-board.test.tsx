// @vitest-environment happy-dom
import { type CrashRoundView, crashDurationMs, crashMultiplierAt, crashSureToReach } from '@app/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/lib/test-i18n';
import { type FlightView, takeLook } from '../../model/crash-flight';
import { CrashFlightBoard, type CrashFlightBoardProps } from './crash-flight-board';

const TAKE_OFF = 5_000_000;

function look(number: number, phase: CrashRoundView['phase'], now: number, crashPoint: number | null = null) {
  const round: CrashRoundView = {
    round_number: number,
    phase,
    server_seed_hash: 'h',
    betting_ends_at: TAKE_OFF,
    crash_point: crashPoint,
    crashed_at: null,
    server_seed: null,
    chain: null,
  };
  return { now, round };
}

function board(view: FlightView | null, serverNow: () => number, onCashOut = vi.fn()) {
  const props: CrashFlightBoardProps = { view, serverNow, secondsToStart: 3, canCashOut: true, cashingOutAt: null, onCashOut };
  const result = render(<CrashFlightBoard {...props} />);
  return {
    ...result,
    onCashOut,
    rerender: (next: Partial<typeof props>) => result.rerender(<CrashFlightBoard {...props} {...next} />),
  };
}

const counter = () => screen.getByTestId('crash-multiplier').textContent;
/** Lets a few animation frames run. */
const frames = () => act(() => new Promise((resolve) => setTimeout(resolve, 80)));

beforeAll(() => initTestI18n('en'));
afterEach(cleanup);

describe('the Crash board (docs/casino.md "Crash on the screen")', () => {
  it('stops at what the last running look makes sure, and its button asks for exactly what it shows', async () => {
    const seen = TAKE_OFF + 7_000;
    const view = takeLook(null, look(2, 'running', seen));
    // The page's clock runs a whole second past the last look: the old page climbed on.
    const { onCashOut } = board(view, () => seen + 1_000);
    await frames();
    const cap = crashSureToReach(seen - TAKE_OFF);
    expect(crashMultiplierAt(8_000)).toBeGreaterThan(cap);
    expect(counter()).toBe(`${(cap / 100).toFixed(2)}×`);
    const button = screen.getByTestId('crash-cashout');
    expect(button.textContent).toBe(`Cash out at ${(cap / 100).toFixed(2)}×`);
    fireEvent.click(button);
    expect(onCashOut).toHaveBeenCalledWith(cap);
  });

  it('keeps the asked multiplier on the button while the cash-out travels', async () => {
    const view = takeLook(null, look(2, 'running', TAKE_OFF + 3_000));
    const { rerender } = board(view, () => TAKE_OFF + 3_000);
    await frames();
    rerender({ cashingOutAt: 118 });
    expect(screen.getByTestId('crash-cashout').textContent).toBe('Cashing out at 1.18×…');
  });

  it('shows the crash point once told, then the next round from 1.00×', async () => {
    const point = 246;
    let view = takeLook(null, look(4, 'running', TAKE_OFF + crashDurationMs(point) - 1));
    const { rerender } = board(view, () => TAKE_OFF + crashDurationMs(point) + 500);
    await frames();
    expect(Number.parseFloat(counter() ?? '')).toBeLessThanOrEqual(point / 100);
    view = takeLook(view, look(4, 'crashed', TAKE_OFF + crashDurationMs(point), point / 100));
    rerender({ view });
    await frames();
    expect(counter()).toBe('2.46×');
    expect(screen.getByRole('status').textContent).toBe('Crashed at 2.46×');
    view = takeLook(view, {
      ...look(5, 'betting', TAKE_OFF + 40_000),
      round: { ...look(5, 'betting', 0).round, betting_ends_at: TAKE_OFF + 46_000 },
    });
    rerender({ view });
    expect(counter()).toBe('1.00×');
    expect(screen.queryByTestId('crash-cashout')).toBeNull();
  });
});
