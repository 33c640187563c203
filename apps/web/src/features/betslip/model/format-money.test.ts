import { describe, expect, it } from 'vitest';
import { formatPaise, formatWholeRupees } from './format-money';

describe('money on the slip', () => {
  it('shows paise as rupees with Indian grouping', () => {
    expect(formatPaise(12_345_678)).toBe('₹1,23,456.78');
    expect(formatPaise(8_500)).toBe('₹85.00');
    expect(formatWholeRupees(100_000)).toBe('₹1,00,000');
  });
});
