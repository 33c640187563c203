// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/lib/test-i18n';
import { type BetSlipState, betSlipReducer, initialBetSlipState } from '../model/bet-slip-state';
import { bookmakerLay, matchOddsBack } from '../model/test-selections';
import { BetSlipPlaceButton } from './bet-slip-place-button';

/**
 * The slip's Place button (docs/betting.md "Placement"): it names the in-play delay before the
 * press and counts it down while the bet waits; a bet without a delay says neither.
 */
const NOW = 1_800_000_000_000;

function slip(selection = matchOddsBack, inPlay = true): BetSlipState {
  const opened = betSlipReducer(initialBetSlipState, { type: 'opened', selection });
  return betSlipReducer(opened, {
    type: 'quoteChanged',
    quote: { status: 'OPEN', price: opened.odds, run: null, inPlay, betDelaySeconds: 5 },
  });
}

const button = () => screen.getByTestId('bet-slip-place');

beforeAll(() => initTestI18n('en'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the Place button', () => {
  it('names the in-play delay of a match-odds bet before the press', () => {
    render(<BetSlipPlaceButton state={slip()} isDisabled={false} describedBy={undefined} />);
    expect(button().textContent).toBe('Place bet · 5 s delay');
  });

  it('says no delay for a bet before the start or on the bookmaker, which the server does not hold', () => {
    const { rerender } = render(
      <BetSlipPlaceButton state={slip(matchOddsBack, false)} isDisabled={false} describedBy={undefined} />,
    );
    expect(button().textContent).toBe('Place bet');
    rerender(<BetSlipPlaceButton state={slip(bookmakerLay)} isDisabled={false} describedBy={undefined} />);
    expect(button().textContent).toBe('Place bet');
  });

  it('counts the delay down while the bet waits, and cannot be pressed again', () => {
    vi.useFakeTimers({ now: NOW });
    const placing = betSlipReducer({ ...slip(), stakeText: '100' }, { type: 'placeStarted', at: NOW });
    render(<BetSlipPlaceButton state={placing} isDisabled describedBy="slip-reason" />);
    expect(button().textContent).toContain('Placing… 5 s');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    expect(button().getAttribute('aria-describedby')).toBe('slip-reason');
    act(() => void vi.advanceTimersByTime(2_100));
    expect(button().textContent).toContain('Placing… 3 s');
    act(() => void vi.advanceTimersByTime(3_000));
    expect(button().textContent).toContain('Placing…');
    expect(button().textContent).not.toMatch(/\d s/);
  });
});
