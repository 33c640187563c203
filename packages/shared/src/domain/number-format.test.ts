import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDecimalOdds,
  formatNumber,
  formatPaiseAsRupees,
  formatRupees,
  formatWholeRupees,
} from './number-format';

describe('the one number format', () => {
  it('groups rupees the Indian way with two decimals, in Latin digits', () => {
    expect(formatRupees(10_130)).toBe('₹10,130.00');
    expect(formatRupees(100_000)).toBe('₹1,00,000.00');
    expect(formatPaiseAsRupees(1_000_000)).toBe('₹10,000.00');
    expect(formatPaiseAsRupees(-550)).toBe('-₹5.50');
    expect(formatAmount(12_345_678.9)).toBe('1,23,45,678.90');
    expect(formatWholeRupees(1_000)).toBe('₹1,000');
    expect(formatNumber(100_000)).toBe('1,00,000');
    expect(formatNumber(12.5)).toBe('12.5');
  });

  it('prints odds as the exchanges do, never grouped', () => {
    expect(formatDecimalOdds(1.5)).toBe('1.5');
    expect(formatDecimalOdds(2.02)).toBe('2.02');
    expect(formatDecimalOdds(1000)).toBe('1000');
  });
});
