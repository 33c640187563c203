import { describe, expect, it } from 'vitest';
import { formatAmount, formatRupees } from './money-format';

describe('money format', () => {
  it('shows rupees with Indian grouping and two decimals', () => {
    expect(formatRupees(1234567.5)).toBe('₹12,34,567.50');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(123.45)).toBe('₹123.45');
    expect(formatAmount(1500)).toBe('1,500.00');
  });
});
