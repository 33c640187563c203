import type { Market, WinLossRow } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { cashOutView, shareValuePaise } from './cash-out-view';

function market(
  overrides: Partial<Market> = {},
  prices: [number, number][] = [
    [1.5, 1.52],
    [2.9, 3],
  ],
): Market {
  return {
    market_id: '1.234',
    market_name: 'Match Odds',
    market_type: 'MATCH_ODDS',
    status: 'OPEN',
    in_play: false,
    bet_delay_s: 5,
    min_stake: 100,
    max_stake: 50_000,
    runners: prices.map(([back, lay], index) => ({
      selection_id: index + 1,
      name: index === 0 ? 'India' : 'Australia',
      back: [{ odds: back, size: 1000 }],
      lay: [{ odds: lay, size: 1000 }],
    })),
    ...overrides,
  };
}

const book = (india: number, australia: number): WinLossRow[] => [
  {
    selection_id: 1,
    team_name: 'India',
    profit_loss: india,
    profit_loss_best: india,
    if_loses: australia,
    if_loses_best: australia,
  },
  {
    selection_id: 2,
    team_name: 'Australia',
    profit_loss: australia,
    profit_loss_best: australia,
    if_loses: india,
    if_loses_best: india,
  },
];

describe('the cash-out value on screen', () => {
  it('is the shared model’s value for the book at the live prices (docs/betting.md worked example)', () => {
    expect(cashOutView(market(), book(1000, -1000))).toEqual({ state: 'offered', valuePaise: 31_578, legCount: 1 });
  });

  it('moves with the prices', () => {
    const before = cashOutView(market(), book(1000, -1000));
    const after = cashOutView(
      market({}, [
        [1.45, 1.47],
        [3.1, 3.2],
      ]),
      book(1000, -1000),
    );
    expect(after.state === 'offered' && before.state === 'offered' && after.valuePaise > before.valuePaise).toBe(true);
  });

  it('reads bookmaker rates per 100', () => {
    const view = cashOutView(
      market({ market_id: '99911234', market_name: 'Bookmaker' }, [
        [50, 52],
        [190, 200],
      ]),
      book(500, -1000),
    );
    expect(view.state).toBe('offered');
  });

  it('shows why nothing is offered, and nothing without bets or on a Place market', () => {
    expect(cashOutView(market(), undefined)).toEqual({ state: 'hidden' });
    expect(cashOutView(market({ number_of_winners: 3 }), book(100, -100))).toEqual({ state: 'hidden' });
    expect(cashOutView(market({ status: 'SUSPENDED' }), book(100, -100))).toEqual({ state: 'suspended' });
    expect(cashOutView(market({ status: 'CLOSED' }), book(100, -100))).toEqual({ state: 'closed' });
    const noLay = market();
    noLay.runners[1]!.lay = [];
    expect(cashOutView(noLay, book(100, -100))).toEqual({ state: 'no-price' });
    expect(cashOutView(market(), book(315.78, 315.79))).toEqual({ state: 'level' });
  });

  it('shows a share as its part of the full value', () => {
    expect(shareValuePaise(31_578, 50)).toBe(15_789);
    expect(shareValuePaise(-1_001, 25)).toBe(-250);
  });
});
