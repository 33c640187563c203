import { describe, expect, it } from 'vitest';
import { betPrice, formatProfitLoss } from './bet-format';

describe('bet formats', () => {
  it('signs profit and loss and shows fancy prices as run at size', () => {
    expect(formatProfitLoss(85)).toBe('+85.00');
    expect(formatProfitLoss(-100)).toBe('−100.00');
    expect(formatProfitLoss(0)).toBe('0.00');
    expect(betPrice({ odds: 1.85, run: null, bet_type: 'M' })).toBe('1.85');
    expect(betPrice({ odds: 85, run: null, bet_type: 'M' })).toBe('85');
    expect(betPrice({ odds: 100, run: 45, bet_type: 'F' })).toBe('45 @ 100');
  });

  it('shows the price a non-runner reduced beside the price taken', () => {
    expect(betPrice({ odds: 5, run: null, bet_type: 'M', settled_odds: 4.38 })).toBe('5 → 4.38');
  });
});
